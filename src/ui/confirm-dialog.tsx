import { Dialog } from './dialog';
import { Button } from './button';
import { t } from '@/i18n';

interface ConfirmDialogProps {
  open: boolean;
  /** The question under "Estas seguro?": which action on what. */
  question?: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * "Estas seguro?" with its two answers ('No', 'Si, continuar!'), the confirming step of every
 * action: every action flow (ActionFlowDialogs), a queue's bulk decision among them.
 */
export function ConfirmDialog({ open, question, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={t.actionFlow.confirmTitle}
      description={question}
      role="alertdialog"
      tone="warning"
      onClose={onCancel}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t.actionFlow.confirmNo}
          </Button>
          <Button data-autofocus onClick={onConfirm}>
            {t.actionFlow.confirmYes}
          </Button>
        </>
      }
    />
  );
}

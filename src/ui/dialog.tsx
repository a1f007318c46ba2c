import type { ReactNode } from 'react';
import { Dialog as HDialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';

export interface DialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Omit to make the dialog stay until one of its buttons is pressed. */
  onClose?: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'warning' | 'success';
  role?: 'dialog' | 'alertdialog';
}

const toneRing = { default: 'ring-slate-200', warning: 'ring-amber-300', success: 'ring-emerald-300' };

export function Dialog({ open, title, description, onClose, children, footer, tone = 'default', role = 'dialog' }: DialogProps) {
  return (
    <HDialog open={open} onClose={onClose ?? (() => {})} className="fixed inset-0 z-50" role={role}>
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className={`w-full max-w-md rounded-xl bg-white p-6 shadow-xl ring-1 ${toneRing[tone]}`}>
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {description ? <Description className="mt-2 text-sm text-slate-600">{description}</Description> : null}
          {children ? <div className="mt-4">{children}</div> : null}
          {footer ? <div className="mt-6 flex justify-end gap-2">{footer}</div> : null}
        </DialogPanel>
      </div>
    </HDialog>
  );
}

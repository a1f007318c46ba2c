import { useState, type FormEvent } from 'react';
import type { Validation } from '@/ui/action-flow-logic';
import { ActionFlowDialogs, useActionFlow } from '@/ui/action-flow';
import { Dialog } from '@/ui/dialog';
import { Button } from '@/ui/button';
import { FormFooter } from '@/ui/form-footer';
import { InputField, SelectField } from '@/ui/fields';
import { Msg } from '@/domain/messages';
import { ts } from '@/i18n/es-settings';
import { leaveForm, useFormStage } from './flow-stage';
import { displayValue } from './display';

interface EntryForm {
  type: string;
  value: string;
}

interface EntryPayload<TBody> {
  body: TBody;
  type: string;
  value: string;
}

export interface AddEntryDialogProps<TBody> {
  /** Ids of the form's fields. */
  id: string;
  buttonLabel: string;
  title: string;
  types: readonly string[];
  /** The request body for a type and a value, checked with the contract (its first message is shown). */
  parseBody: (type: string, value: string) => Validation<TBody>;
  add: (body: TBody) => Promise<unknown>;
  successText: (type: string, value: string) => string;
  onAdded: () => void;
}

const EMPTY: EntryForm = { type: 'PHONE', value: '' };

/** "Agregar" and its dialog: a type (PHONE by default) and a value, then the action flow. */
export function AddEntryDialog<TBody>({ id, buttonLabel, title, types, parseBody, add, successText, onAdded }: AddEntryDialogProps<TBody>) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<EntryForm>(EMPTY);
  const flow = useActionFlow<EntryForm, EntryPayload<TBody>>({
    validate: ({ type, value }) => {
      if (!type) return { ok: false, message: Msg.blacklistType };
      if (!value.trim()) return { ok: false, message: Msg.blacklistValue };
      const body = parseBody(type, value);
      return body.ok ? { ok: true, payload: { body: body.payload, type, value: value.trim() } } : body;
    },
    perform: async ({ body, type, value }) => {
      await add(body);
      return successText(type, displayValue(type, value));
    },
    onDone: () => {
      setOpen(false);
      setForm(EMPTY);
      onAdded();
    },
  });
  const editing = useFormStage(flow.actor);
  const close = () => {
    leaveForm(flow.actor);
    setOpen(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.submit(form);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{buttonLabel}</Button>
      <Dialog open={open && editing} title={title} onClose={close}>
        <form onSubmit={submit} noValidate className="space-y-3">
          <SelectField
            id={`${id}-type`}
            label={ts.type}
            emptyLabel={ts.chooseType}
            options={types.map((type) => ({ value: type, label: type }))}
            value={form.type}
            onChange={(e) => setForm({ ...form, type: e.target.value })}
          />
          <InputField id={`${id}-value`} label={ts.value} value={form.value} onChange={(e) => setForm({ ...form, value: e.target.value })} autoComplete="off" />
          <FormFooter invalidMessage={flow.invalidMessage} onCancel={close} cancelLabel={ts.cancel} submitLabel={ts.save} />
        </form>
      </Dialog>
      <ActionFlowDialogs actor={flow.actor} />
    </>
  );
}

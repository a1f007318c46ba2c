import type { Validation } from '@/ui/action-flow-logic';
import { FormAction } from '@/ui/action-button';
import { InputField, SelectField, bound } from '@/ui/fields';
import { Msg } from '@/domain/messages';
import { settingsText } from '@/i18n/es-settings';
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
  return (
    <FormAction<EntryForm, EntryPayload<TBody>>
      label={buttonLabel}
      variant="primary"
      title={title}
      initial={() => EMPTY}
      submitLabel={settingsText.save}
      validate={({ type, value }) => {
        if (!type) return { ok: false, message: Msg.blacklistType };
        if (!value.trim()) return { ok: false, message: Msg.blacklistValue };
        const body = parseBody(type, value);
        return body.ok ? { ok: true, payload: { body: body.payload, type, value: value.trim() } } : body;
      }}
      perform={async ({ body, type, value }) => {
        await add(body);
        return successText(type, displayValue(type, value));
      }}
      onDone={onAdded}
    >
      {(form, change) => (
        <>
          <SelectField
            id={`${id}-type`}
            label={settingsText.type}
            emptyLabel={settingsText.chooseType}
            options={types.map((type) => ({ value: type, label: type }))}
            value={form.type}
            onChange={(e) => change({ type: e.target.value })}
          />
          <InputField id={`${id}-value`} label={settingsText.value} {...bound(form, change, 'value')} autoComplete="off" />
        </>
      )}
    </FormAction>
  );
}

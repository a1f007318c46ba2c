import { useState, type FormEvent } from 'react';
import type { useActionFlow } from '@/ui/action-flow';
import { Dialog } from '@/ui/dialog';
import { FormFooter } from '@/ui/form-footer';
import { InputField, SelectField } from '@/ui/fields';
import { settingsText } from '@/i18n/es-settings';
import { leaveForm, useFormStage } from '@/ui/flow-stage';

export interface SmsForm {
  prefix: string;
  provider: string;
}

type UpdateFlow = ReturnType<typeof useActionFlow<SmsForm, SmsForm>>;

/**
 * The provider of one prefix: a new prefix (empty prefix: typed here) or an existing one. The
 * parent keys this component by the entry, so what was typed survives the question and a failure.
 */
export function SmsProviderDialog({ initial, providers, flow, onClose }: { initial: SmsForm | null; providers: string[]; flow: UpdateFlow; onClose: () => void }) {
  const editing = useFormStage(flow.actor);
  const [form, setForm] = useState<SmsForm>(initial ?? { prefix: '', provider: '' });
  const isNew = initial?.prefix === '';
  const close = () => {
    leaveForm(flow.actor);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    flow.submit(form);
  };
  return (
    <Dialog open={initial !== null && editing} title={isNew || !initial ? settingsText.sms.addTitle : settingsText.sms.changeTitle(initial.prefix)} onClose={close}>
      <form onSubmit={submit} noValidate className="space-y-3">
        {isNew ? (
          <div>
            <InputField
              id="sms-prefix"
              label={settingsText.sms.prefix}
              value={form.prefix}
              onChange={(e) => setForm({ ...form, prefix: e.target.value })}
              aria-describedby="sms-prefix-hint"
              autoComplete="off"
            />
            <p id="sms-prefix-hint" className="mt-1 text-xs text-slate-600">
              {settingsText.sms.prefixHint}
            </p>
          </div>
        ) : null}
        <SelectField
          id="sms-provider"
          label={settingsText.sms.provider}
          emptyLabel={settingsText.sms.chooseProvider}
          options={providers.map((p) => ({ value: p, label: p }))}
          value={form.provider}
          onChange={(e) => setForm({ ...form, provider: e.target.value })}
        />
        <FormFooter invalidMessage={flow.invalidMessage} onCancel={close} cancelLabel={settingsText.cancel} submitLabel={settingsText.save} />
      </form>
    </Dialog>
  );
}

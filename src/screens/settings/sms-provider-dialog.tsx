import type { useActionFlow } from '@/ui/action-flow';
import { FlowFormDialog } from '@/ui/flow-form';
import { InputField, SelectField } from '@/ui/fields';
import { settingsText } from '@/i18n/es-settings';

export interface SmsForm {
  prefix: string;
  provider: string;
}

type UpdateFlow = ReturnType<typeof useActionFlow<SmsForm, SmsForm>>;

/**
 * The provider of one prefix: a new prefix (empty prefix: typed here) or an existing one. The
 * flow's chart holds what is typed, so it survives the question and a failure.
 */
export function SmsProviderDialog({ entry, providers, flow }: { entry: SmsForm | null; providers: string[]; flow: UpdateFlow }) {
  const isNew = entry?.prefix === '';
  const form = flow.form;
  return (
    <FlowFormDialog flow={flow} title={isNew || !entry ? settingsText.sms.addTitle : settingsText.sms.changeTitle(entry.prefix)} cancelLabel={settingsText.cancel} submitLabel={settingsText.save}>
      {form === null ? null : (
        <>
          {isNew ? (
            <div>
              <InputField
                id="sms-prefix"
                label={settingsText.sms.prefix}
                value={form.prefix}
                onChange={(e) => flow.change({ prefix: e.target.value })}
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
            onChange={(e) => flow.change({ provider: e.target.value })}
          />
        </>
      )}
    </FlowFormDialog>
  );
}

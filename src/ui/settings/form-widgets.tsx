import { getSmsProviders } from '@/api/settings';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { SelectField } from '@/ui/fields';
import { useServices } from '@/ui/session';
import { settingsText } from '@/i18n/es-settings';
import type { WidgetProps } from '@/ui/customer/form-widgets';

/** The SMS host's providers, read when the form opens (the form's value under the field's name: the provider's name). */
export function SmsProviderField({ id, name, label, value, change }: WidgetProps & { name: string }) {
  const services = useServices();
  const providers = useShownDetail(() => getSmsProviders(services));
  return (
    <DetailTabView tab={providers}>
      {(list) => (
        <SelectField
          id={id}
          label={label}
          value={String(value[name] ?? '')}
          emptyLabel={settingsText.sms.chooseProvider}
          options={list.map((p) => ({ value: p, label: p }))}
          onChange={(e) => change({ [name]: e.target.value })}
        />
      )}
    </DetailTabView>
  );
}

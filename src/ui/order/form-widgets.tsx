import { getCouriers } from '@/api/remittance';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { SelectField } from '@/ui/fields';
import { useServices } from '@/ui/session';
import { remittanceText } from '@/i18n/es-remittance';
import type { WidgetProps } from '@/ui/customer/form-widgets';

const formText = remittanceText.forms;

/** The delivery service's active couriers (the form's value under the field's name: the courier's id), read when the form opens ('Error buscando los mensajeros' with a retry). */
export function CourierField({ id, name, label, value, change }: WidgetProps & { name: string }) {
  const services = useServices();
  const couriers = useShownDetail(() => getCouriers(services.remittances));
  return (
    <DetailTabView tab={couriers} failed={formText.couriersFailed}>
      {(list) => (
        <SelectField
          id={id}
          label={label}
          value={String(value[name] ?? '')}
          emptyLabel={formText.choose}
          options={list.map((c) => ({ value: String(c.id), label: `${c.nickname} · ${c.team}` }))}
          onChange={(e) => change({ [name]: e.target.value })}
        />
      )}
    </DetailTabView>
  );
}

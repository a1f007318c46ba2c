import type { Registered } from '@/api/contract/customer-register';
import { customerRegistry } from '@/machines/customer/register.machine';
import { ChartActions, chartPart } from '@/ui/chart-actions';
import { customerActionText } from '@/i18n/es-customer-actions';

const text = customerActionText.register;

/** 'Crear Nuevo Cliente' (CRM_REGISTER_WITHOUT_PIN): the new customer opens in its page. */
export function RegisterCustomer({ onRegistered }: { onRegistered: (accountId: number) => void }) {
  const part = chartPart({ lifecycle: customerRegistry, input: { status: 'open' }, subject: {} });
  return (
    <ChartActions
      label={text.group}
      parts={[part]}
      onDone={(data) => {
        const registered = data as Registered | undefined;
        if (registered) onRegistered(registered.accountId);
      }}
    />
  );
}

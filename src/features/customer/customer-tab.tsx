import { lazy, Suspense } from 'react';
import type { Services } from '@/api/services';
import { loadCustomerCard, type CustomerCardData } from './customer-card-read';
import { formatCredit, formatMoney } from '@/domain/format';
import { reliabilityLabel } from '@/domain/reliability';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { KeyValues } from '@/ui/detail-table';
import { CustomerLink } from '@/ui/links';
import { orderText } from '@/i18n/es-order';
import { Spinner } from '@/ui/spinner';
import { t } from '@/i18n';

// The phones and their actions load when the tab shows them (the order page stays within its budget).
const CustomerPhones = lazy(async () => ({ default: (await import('@/features/customer/customer-phones')).CustomerPhones }));

export type CustomerData = CustomerCardData;

/** Whose order, call or charge order it is: identity, account data with balances, and the closed orders in USD. */
export const loadCustomer = (services: Services, of: { accountId: number }) => loadCustomerCard(services, of.accountId);

const customerText = orderText.customer;

/** Cliente Detalles: who the customer is, and their phones. */
export function CustomerTab({ tab }: { tab: DetailTab<CustomerData> }) {
  return (
    <DetailTabView tab={tab}>
      {({ summary, data, totalUsd }) => (
        <div className="space-y-4">
        <KeyValues
          items={[
            { label: customerText.account, value: <CustomerLink id={summary.accountId} /> },
            { label: customerText.name, value: summary.name },
            { label: customerText.email, value: summary.email },
            { label: customerText.phone, value: summary.phoneNumber },
            { label: customerText.country, value: summary.userBasicData.country },
            { label: customerText.city, value: [data.city, data.region].filter(Boolean).join(', ') },
            { label: customerText.reliability, value: reliabilityLabel(summary.userBasicData.reliability) },
            { label: customerText.status, value: summary.enabled ? customerText.enabled : customerText.disabled },
            { label: customerText.groups, value: summary.groups.map((g) => g.name).join(', ') },
            { label: customerText.registered, value: formatDateTime(summary.registerDate) },
            {
              label: customerText.credit,
              value:
                data.userCredit.length === 0
                  ? customerText.noCredit
                  : data.userCredit.map((c) => `${formatCredit(c.amount)} ${c.creditType}`).join(' · '),
            },
            { label: customerText.totalUsd, value: formatMoney(totalUsd, 'USD') },
          ]}
        />
        <Suspense fallback={<Spinner label={t.app.loading} />}>
          <CustomerPhones accountId={summary.accountId} />
        </Suspense>
        </div>
      )}
    </DetailTabView>
  );
}

import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import type { CustomerRow } from '@/api/contract/customers';
import type { AccountData } from '@/api/contract/order-detail';
import { getAccountData, getAccountSummary, getTotalClosed } from '@/api/order-detail';
import { formatCredit } from '@/domain/format';
import { reliabilityLabel } from '@/domain/reliability';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { KeyValues } from '@/ui/detail-table';
import { CustomerLink } from '@/ui/links';
import { to } from '@/i18n/es-order';

export interface CustomerData {
  summary: CustomerRow;
  data: AccountData;
  totalUsd: number;
}

/** Who placed the order: identity, account data with balances, and the closed orders in USD. */
export async function loadCustomer(services: Services, order: OrderRow): Promise<CustomerData> {
  const [summary, data, totalUsd] = await Promise.all([
    getAccountSummary(services.uaa, order.accountId),
    getAccountData(services.users, order.accountId),
    getTotalClosed(services.orders, order.accountId),
  ]);
  return { summary, data, totalUsd };
}

const C = to.customer;

/** Cliente Detalles. */
export function CustomerTab({ tab }: { tab: DetailTab<CustomerData> }) {
  return (
    <DetailTabView tab={tab}>
      {({ summary, data, totalUsd }) => (
        <KeyValues
          items={[
            { label: C.account, value: <CustomerLink id={summary.accountId} /> },
            { label: C.name, value: summary.name },
            { label: C.email, value: summary.email },
            { label: C.phone, value: summary.phoneNumber },
            { label: C.country, value: summary.userBasicData.country },
            { label: C.city, value: [data.city, data.region].filter(Boolean).join(', ') },
            { label: C.reliability, value: reliabilityLabel(summary.userBasicData.reliability) },
            { label: C.status, value: summary.enabled ? C.enabled : C.disabled },
            { label: C.groups, value: summary.groups.map((g) => g.name).join(', ') },
            { label: C.registered, value: formatDateTime(summary.registerDate) },
            {
              label: C.credit,
              value:
                data.userCredit.length === 0
                  ? C.noCredit
                  : data.userCredit.map((c) => `${formatCredit(c.amount)} ${c.creditType}`).join(' · '),
            },
            { label: C.totalUsd, value: totalUsd.toFixed(2) },
          ]}
        />
      )}
    </DetailTabView>
  );
}

import type { Services } from '@/api/services';
import type { CustomerRow } from '@/api/contract/customers';
import type { AccountData } from '@/api/contract/order-detail';
import { getAccountData, getAccountSummary, getTotalClosed } from '@/api/order-detail';

/** Who the customer is, the account's data and settings, and what they hold and bought. */
export interface CustomerCardData {
  summary: CustomerRow;
  data: AccountData;
  totalUsd: number;
}

export async function loadCustomerCard(services: Services, accountId: number): Promise<CustomerCardData> {
  const [summary, data, totalUsd] = await Promise.all([
    getAccountSummary(services.uaa, accountId),
    getAccountData(services.users, accountId),
    getTotalClosed(services.orders, accountId),
  ]);
  return { summary, data, totalUsd };
}

/** The account id a page URL names (#/admin/customer-page/{id}), or null when it names none. */
export const accountIdOf = (id: string | undefined): number | null => (id !== undefined && /^\d{1,9}$/.test(id) ? Number(id) : null);

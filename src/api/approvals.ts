import { call, ordersPath, type ServiceClient } from './http';
import { APPROVALS_PATH, ApprovalsResponse, type ListedApproval } from './contract/approvals';

/** The four-eyes requests: those waiting for a second person (oldest first), or the decided ones; each with its chart's snapshot. */
export async function getApprovals(orders: ServiceClient, list: 'pending' | 'decided'): Promise<ListedApproval[]> {
  return (await call(orders, (k) => k.get(ordersPath(APPROVALS_PATH), { searchParams: { list } }), ApprovalsResponse)).data.elements;
}

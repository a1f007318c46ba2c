import { call, ordersPath, type ServiceClient } from './http';
import { APPROVALS_PATH, ApprovalsResponse, type Approval } from './contract/approvals';

/** The four-eyes requests: those waiting for a second person (oldest first), or the decided ones. */
export async function getApprovals(orders: ServiceClient, list: 'pending' | 'decided'): Promise<Approval[]> {
  return (await call(orders, (k) => k.get(ordersPath(APPROVALS_PATH), { searchParams: { list } }), ApprovalsResponse)).data.elements;
}

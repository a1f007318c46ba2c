import type { OrderRow } from '@/api/contract/order-lists';

export interface ZelleSectionProps {
  order: OrderRow;
  onChanged: () => void;
}

/** The order's Zelle transfers, register and link (CRM2_SUPER_ACTION): in progress. */
export function ZelleSection(_props: ZelleSectionProps) {
  return null;
}

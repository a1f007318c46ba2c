import type { AppliedRule } from '@/api/contract/order-detail';
import { formatNumber } from '@/domain/format';
import { formatDateTime } from '@/domain/time';
import type { TableColumn } from '@/ui/detail-table';
import { orderText } from '@/i18n/es-order';

const paymentText = orderText.payment;

/** The applied charge rules of a payment (spec details §3), as the order's and the charge order's Transaccion show them. */
export const APPLIED_RULE_COLUMNS: TableColumn<AppliedRule>[] = [
  { header: paymentText.transactionId, cell: (r) => r.transactionId },
  { header: paymentText.status, cell: (r) => r.status },
  { header: paymentText.amount, cell: (r) => formatNumber(r.amount) },
  { header: paymentText.paymentDate, cell: (r) => formatDateTime(r.paymentDate), className: 'whitespace-nowrap' },
  { header: paymentText.response, cell: (r) => r.responseMessage ?? '' },
  { header: paymentText.threeDS, cell: (r) => r.threeDSecure ?? '' },
  { header: paymentText.merchant, cell: (r) => r.merchantId ?? '' },
];

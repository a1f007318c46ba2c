import type { Services } from '@/api/services';
import type { GatewayLog } from '@/api/contract/order-detail';
import { getGatewayLogs } from '@/api/order-detail';
import { paymentSystemName } from '@/domain/catalog';
import { formatDateTime } from '@/domain/time';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { SimpleTable, type TableColumn } from '@/ui/detail-table';
import { orderText } from '@/i18n/es-order';

/** The gateway's log of a payment: the order's under the tenant, a charge order's under its app name (spec details §7). */
export function loadExecution(services: Services, payment: { accountId: number; orderId: number; appName?: string }): Promise<GatewayLog[]> {
  return getGatewayLogs(services.upg, services.config.tenant, { accountId: payment.accountId, orderId: payment.orderId }, payment.appName);
}

/** The gateway's answer as sent, indented when it is JSON. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const executionText = orderText.execution;
const COLUMNS: TableColumn<GatewayLog>[] = [
  { header: executionText.gateway, cell: (l) => paymentSystemName(l.paymentGatewayId) },
  { header: executionText.date, cell: (l) => formatDateTime(l.createdDateTime), className: 'whitespace-nowrap' },
  { header: executionText.internalStatus, cell: (l) => l.internalStatus },
  { header: executionText.status, cell: (l) => l.status },
  { header: executionText.message, cell: (l) => l.message ?? '' },
  {
    header: executionText.dto,
    cell: (l) =>
      l.outDtoString ? (
        <details>
          <summary className="cursor-pointer text-brand-700">{executionText.showDto}</summary>
          <pre className="mt-1 max-w-md overflow-x-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">{pretty(l.outDtoString)}</pre>
        </details>
      ) : (
        ''
      ),
  },
];

/** Pago Detalles › Ejecucion (and a charge order's Trx Detalle › Ejecucion): the payment gateway's log, newest first. */
export function ExecutionTab({ tab }: { tab: DetailTab<GatewayLog[]> }) {
  return (
    <DetailTabView tab={tab}>
      {(logs) => <SimpleTable label={executionText.label} rows={logs} columns={COLUMNS} rowKey={(_l, i) => i} empty={orderText.empty} />}
    </DetailTabView>
  );
}

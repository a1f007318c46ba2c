import { useServices } from '@/ui/session';
import { useScreens } from '@/routing/screens';
import { getDashboard } from '@/api/reports';
import type { Dashboard } from '@/api/contract/reports';
import { orderStatusLabel } from '@/domain/order-status';
import { formatDateTime, DATE_FORMAT } from '@/domain/time';
import { Card, PageHeader } from '@/ui/card';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { BarsChart, LineSeriesChart } from './charts';
import { t } from '@/i18n/index';
import { formatCount, formatMoney } from '@/domain/format';


function Figure({ label, value, tone }: { label: string; value: string; tone: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-600">{label}</p>
      <p className={`mt-1 text-3xl font-bold ${tone}`}>{value}</p>
    </Card>
  );
}

function DashboardView({ data }: { data: Dashboard }) {
  const closed = data.ordersByDay.reduce((sum, day) => sum + day.total, 0);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        {t.dashboard.heading} ({formatDateTime(data.since, DATE_FORMAT)})
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label={t.dashboard.riskQueue} value={formatCount(data.riskQueue)} tone="text-red-700" />
        <Figure label={t.dashboard.paymentErrors} value={formatCount(data.paymentErrors)} tone="text-amber-700" />
        <Figure label={t.dashboard.newUsers} value={formatCount(data.newUsers)} tone="text-brand-700" />
        <Figure label={t.dashboard.closedSales} value={formatMoney(closed, 'USD')} tone="text-emerald-700" />
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title={t.dashboard.ordersByStatus}>
          <BarsChart
            data={data.ordersByStatus.map((s) => ({ name: orderStatusLabel(s.key), value: s.count }))}
            label={t.dashboard.orders}
          />
        </Card>
        <Card title={t.dashboard.salesByProduct}>
          <BarsChart data={data.salesByProduct.map((s) => ({ name: s.key, value: s.total }))} label={t.dashboard.amount} />
        </Card>
      </div>
      <Card title={t.dashboard.salesByDay}>
        <LineSeriesChart data={data.ordersByDay.map((d) => ({ name: d.day.slice(5), value: d.total }))} label={t.dashboard.amount} />
      </Card>
    </div>
  );
}

function DashboardFigures() {
  const services = useServices();
  const resource = useShownDetail(() => getDashboard(services.reports));
  return <DetailTabView tab={resource}>{(data) => <DashboardView data={data} />}</DetailTabView>;
}

/**
 * The dashboard: real figures from the database instead of decorative samples. Every signed-in
 * user lands here; the figures are order and sales data, for who may open the orders list (the
 * screen list's guard; the server answers 403 to the rest).
 */
export function DashboardPage() {
  const mayView = useScreens().opens('orders');
  return (
    <div>
      <PageHeader title={t.menu.dashboard} />
      {mayView ? (
        <DashboardFigures />
      ) : (
        <Card>
          <p role="status" className="text-slate-700">
            {t.dashboard.noFigures}
          </p>
        </Card>
      )}
    </div>
  );
}

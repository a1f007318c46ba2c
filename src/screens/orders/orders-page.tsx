import { getRouteApi } from '@tanstack/react-router';
import { readKycList } from '@/app/session-store';
import { formatDateTime } from '@/domain/time';
import { Card, PageHeader } from '@/ui/card';
import { t } from '@/i18n';

const route = getRouteApi('/admin/orders');

/** The KYC list stored by the counter's double-click. */
function KycOrders() {
  const list = readKycList(window.localStorage);
  return (
    <Card title={t.kycOrders.heading}>
      {list.length === 0 ? (
        <p className="text-sm text-slate-600">{t.msg.emptyResult}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-3 font-medium">{t.kycOrders.order}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t.kycOrders.account}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t.kycOrders.status}</th>
              <th scope="col" className="py-2 pr-3 font-medium">{t.kycOrders.created}</th>
              <th scope="col" className="py-2 font-medium">{t.kycOrders.link}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={row.id} className="border-b border-slate-100">
                <td className="py-1.5 pr-3">
                  <a href={`#/admin/order-page/${row.orderId}`} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                    {row.orderId}
                  </a>
                </td>
                <td className="py-1.5 pr-3">
                  <a href={`#/admin/customer-page/${row.accountId}`} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                    {row.accountId}
                  </a>
                </td>
                <td className="py-1.5 pr-3">{row.status}</td>
                <td className="py-1.5 pr-3">{formatDateTime(row.createdDate)}</td>
                <td className="max-w-60 truncate py-1.5">{row.verificationUrl?.slice(0, 50)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** Ordenes. The search arrives with the list screens; the KYC counter's list shows here already. */
export function OrdersPage() {
  const { kyc } = route.useSearch();
  return (
    <div className="space-y-4">
      <PageHeader title={t.menu.orders} />
      {kyc ? <KycOrders /> : null}
      <Card title={t.app.placeholderTitle}>
        <p className="text-sm text-slate-600">{t.app.placeholder}</p>
      </Card>
    </div>
  );
}

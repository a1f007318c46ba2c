import { readKycList } from '@/machines/session/session-store';
import { formatDateTime } from '@/domain/time';
import { truncateUrl } from '@/domain/kyc';
import { Card } from '@/ui/card';
import { CustomerLink, OrderLink } from '@/ui/links';
import { t } from '@/i18n/index';

/** The KYC list stored by the counter's double-click. */
export function KycOrders() {
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
                  <OrderLink id={row.orderId} />
                </td>
                <td className="py-1.5 pr-3">
                  <CustomerLink id={row.accountId} />
                </td>
                <td className="py-1.5 pr-3">{row.status}</td>
                <td className="py-1.5 pr-3">{formatDateTime(row.createdDate)}</td>
                <td className="py-1.5">{truncateUrl(row.verificationUrl)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

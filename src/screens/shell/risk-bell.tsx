import { BellAlertIcon } from '@heroicons/react/24/outline';
import { useSession } from '@/ui/session';
import { useScreens } from '@/routing/screens';
import { Popover } from '@/ui/popover';
import { t } from '@/i18n';
import { formatCount } from '@/domain/format';

const SHOWN = 10;

/** The risk bell: how many orders wait in RISK / DUPLICATE_RISK, and the newest of them. */
export function RiskBell() {
  const orders = useSession((c) => c.riskOrders);
  const total = useSession((c) => c.riskTotal);
  // The rest wait in Cola de Riesgo: a link for who may open it (the screen list's guard).
  const workQueue = useScreens().opens('risk-queue');
  return (
    <Popover
      ariaLabel={`${t.topbar.risk}: ${formatCount(total)}`}
      align="end"
      buttonClassName="relative rounded-full p-2 text-slate-600 hover:bg-slate-100"
      panelClassName="w-72"
      label={
        <>
          <BellAlertIcon aria-hidden className="size-6" />
          {total > 0 ? (
            <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold text-white">
              {total > 99 ? '99+' : total}
            </span>
          ) : null}
        </>
      }
    >
      {() => (
        <div className="py-1">
          <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.topbar.risk}</p>
          {orders.length === 0 ? (
            <p className="px-3 py-2 text-slate-600">{t.topbar.riskEmpty}</p>
          ) : (
            <ul>
              {orders.slice(0, SHOWN).map((order) => (
                <li key={order.id}>
                  <a
                    href={`#/admin/order-page/${order.id}`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block px-3 py-1.5 text-slate-800 hover:bg-red-50"
                  >
                    {t.topbar.riskItem(order.id)}
                  </a>
                </li>
              ))}
              {total > SHOWN ? (
                <li>
                  {/* The rest wait in the risk queue, for those who work it. */}
                  {workQueue ? (
                    <a href="#/admin/risk-queue" className="block px-3 py-1.5 font-medium text-sky-800 hover:bg-sky-50">
                      {t.topbar.riskMore(total - SHOWN)}
                    </a>
                  ) : (
                    <span className="block px-3 py-1.5 text-slate-500">{t.topbar.riskMore(total - SHOWN)}</span>
                  )}
                </li>
              ) : null}
            </ul>
          )}
        </div>
      )}
    </Popover>
  );
}

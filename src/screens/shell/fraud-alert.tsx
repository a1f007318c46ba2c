import { useSelector } from '@xstate/react';
import { useSessionActor } from '@/ui/session';
import { Dialog } from '@/ui/dialog';
import { Button } from '@/ui/button';
import { t } from '@/i18n';

function List({ title, values }: { title: string; values: readonly string[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      <p className="mt-1 text-sm text-slate-700">{values.length > 0 ? values.join(', ') : t.fraudAlert.none}</p>
    </div>
  );
}

/** "Alertas de Fraude": after sign-in, stays until "Entendido". */
export function FraudAlert() {
  const session = useSessionActor();
  const showing = useSelector(session, (s) => s.matches({ signedIn: { alert: 'showing' } }));
  const config = useSelector(session, (s) => s.context.fraudConfig);
  if (!showing || !config) return null;
  return (
    <Dialog
      open
      title={t.fraudAlert.title}
      tone="warning"
      role="alertdialog"
      footer={<Button onClick={() => session.send({ type: 'fraudAlert.acknowledge' })}>{t.fraudAlert.ok}</Button>}
    >
      <div className="space-y-3">
        <List title={t.fraudAlert.countries} values={config.COUNTRIES_TO_STOP} />
        <List title={t.fraudAlert.topupCountries} values={config.TOPUP_COUNTRIES_TO_STOP} />
        <List title={t.fraudAlert.banks} values={config.BANKS_TO_STOP} />
      </div>
    </Dialog>
  );
}

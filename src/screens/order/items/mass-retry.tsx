import { checkMassWindow } from '@/api/contract/topup';
import { massResetTries } from '@/api/topup';
import { Permission } from '@/domain/permissions';
import { DISPLAY_TIME_ZONE, dayjs } from '@/domain/time';
import { useActorPermissions, useServices } from '@/ui/session';
import { useFormAction } from '@/ui/action-button';
import { Button } from '@/ui/button';
import { InputField } from '@/ui/fields';
import { topupText } from '@/i18n/es-topup';

interface MassWindow {
  startDate: string;
  endDate: string;
}

/**
 * The mass reset of top-up attempts over a date window (CRM2_MASSIVE_RETRY, with the editor
 * flag): the server moves each top-up its chart allows (IMPOSSIBLE, MULTIPLE with an expired
 * offer) back to OPEN and says how many.
 */
export function MassRetryAction() {
  const services = useServices();
  const permissions = useActorPermissions();
  const allowed = permissions.includes(Permission.EDITOR) && permissions.includes(Permission.MASSIVE_RETRY);
  const flow = useFormAction<MassWindow, MassWindow>({
    title: topupText.mass.title,
    description: topupText.mass.hint,
    initial: () => {
      const today = dayjs().tz(DISPLAY_TIME_ZONE);
      return { startDate: today.subtract(6, 'day').format('YYYY-MM-DD'), endDate: today.format('YYYY-MM-DD') };
    },
    validate: (form) => {
      const problem = checkMassWindow(form.startDate, form.endDate);
      return problem ? { ok: false, message: problem } : { ok: true, payload: form };
    },
    perform: async ({ startDate, endDate }) => topupText.mass.text((await massResetTries(services.orders, startDate, endDate)).reset),
    successTitle: topupText.done,
    children: (form, change) => (
      <div className="grid grid-cols-2 gap-3">
        <InputField id="mass-retry-start" type="date" label={topupText.mass.startDate} value={form.startDate} onChange={(e) => change({ startDate: e.target.value })} />
        <InputField id="mass-retry-end" type="date" label={topupText.mass.endDate} value={form.endDate} onChange={(e) => change({ endDate: e.target.value })} />
      </div>
    ),
  });
  if (!allowed) return null;
  return (
    <span data-mutating="">
      <Button variant="secondary" onClick={flow.open}>
        {topupText.mass.button}
      </Button>
      {flow.dialogs}
    </span>
  );
}

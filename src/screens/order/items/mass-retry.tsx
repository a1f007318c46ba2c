import { checkMassWindow } from '@/api/contract/topup';
import { topupItem } from '@/machines/items/topup.machine';
import { topupActions, type ResetWindow } from '@/machines/items/topup.actions';
import { bulkAllowed } from '@/machines/lifecycle/table';
import { DISPLAY_TIME_ZONE, dayjs } from '@/domain/time';
import { useActorPermissions } from '@/ui/session';
import { chartForm, chartPart, useChartFlow } from '@/ui/chart-actions';
import { Button } from '@/ui/button';
import { InputField, bound } from '@/ui/fields';
import { topupText } from '@/i18n/es-topup';

/** The top-up table's bulk row: the mass reset of attempts over a window. */
const MASS_RESET = topupActions.find((row) => row.bulk !== undefined)!;

const part = chartPart({
  lifecycle: topupItem,
  input: {},
  subject: null as never,
  forms: {
    'item.resetTries': chartForm<ResetWindow, ResetWindow>({
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
      fields: (form, change) => (
        <div className="grid grid-cols-2 gap-3">
          <InputField id="mass-retry-start" type="date" label={topupText.mass.startDate} {...bound(form, change, 'startDate')} />
          <InputField id="mass-retry-end" type="date" label={topupText.mass.endDate} {...bound(form, change, 'endDate')} />
        </div>
      ),
    }),
  },
});

/**
 * The mass reset of top-up attempts over a date window (the bulk row of the top-up table:
 * CRM2_MASSIVE_RETRY with the editor flag): the server moves each top-up its chart allows
 * (IMPOSSIBLE, MULTIPLE with an expired offer) back to OPEN and says how many.
 */
export function MassRetryAction() {
  const permissions = useActorPermissions();
  const flow = useChartFlow({ onDone: () => {} });
  if (!bulkAllowed(MASS_RESET, permissions)) return null;
  return (
    <span data-mutating="">
      <Button variant="secondary" onClick={() => flow.start(part, MASS_RESET)}>
        {MASS_RESET.label}
      </Button>
      {flow.dialogs}
    </span>
  );
}

import { topupItem } from '@/machines/items/topup.machine';
import { topupActions } from '@/machines/items/topup.actions';
import { bulkAllowed } from '@/machines/lifecycle/table';
import { useActorPermissions } from '@/ui/session';
import { chartPart, useChartFlow } from '@/ui/chart-actions';
import { Button } from '@/ui/button';

/** The top-up table's bulk row: the mass reset of attempts over a window (its form: src/machines/items/topup.form.ts). */
const MASS_RESET = topupActions.find((row) => row.bulk !== undefined)!;

const part = chartPart({ lifecycle: topupItem, input: {}, subject: null as never });

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

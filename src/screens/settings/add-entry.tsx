import type { AnyStateMachine } from 'xstate';
import type { Lifecycle } from '@/machines/lifecycle/table';
import { entryInput, type EntrySubject } from '@/machines/settings/list-entry';
import { ChartActions, chartPart } from '@/ui/chart-actions';

/**
 * A list's "Agregar": its values' chart restored absent with no value yet (the function the server's
 * store restores a value from), so the button is offered as the chart allows it (CRM_SETTINGS and
 * CRM7_DO_ACTION) and its form offers the types the chart takes from this staff member.
 */
export function AddEntry({ lifecycle, label, onAdded }: { lifecycle: Lifecycle<AnyStateMachine, EntrySubject>; label: string; onAdded: () => void }) {
  const part = chartPart<EntrySubject>({ lifecycle, input: entryInput(null, false), subject: null });
  return <ChartActions label={label} parts={[part]} onDone={onAdded} />;
}

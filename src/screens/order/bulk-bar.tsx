import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { bulkSelectionMachine } from '@/machines/ui/bulk-selection.machine';
import type { FormValue } from '@/machines/ui/action-flow.machine';
import type { Validation } from '@/machines/lifecycle/form';
import { bulkActionsOf, type BulkAction } from '@/machines/queue/bulk-offer';
import { applyBulk } from '@/api/queues';
import type { BulkAnswer, BulkResult } from '@/api/contract/queues';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { ClaimKind } from '@/domain/queues';
import { formatMoney } from '@/domain/format';
import { useActorPermissions, useServices } from '@/ui/session';
import { ActionFlowDialogs, useActionFlow, type FlowResultView } from '@/ui/action-flow';
import { Button } from '@/ui/button';
import { FlowFormDialog } from '@/ui/flow-form';
import { FormFields } from '@/ui/row-form';
import { bulkText } from '@/i18n/es-bulk';

/**
 * Bulk decisions in a work queue (issue 28 §3): the bar over the selection chart
 * (src/machines/ui/bulk-selection.machine.ts) offers what every chosen entry's chart takes, and
 * a decision runs the one action flow (src/machines/ui/action-flow.machine.ts, `useActionFlow`)
 * as a batch: its request names the entries chosen when it started. The action's form (a reason,
 * typed once for all) is the row's, checked by the row's own rule; then the question, the wait,
 * and the result, which names each entry; closing it empties the selection.
 */

export type BulkSelectionActor = ActorRefFrom<typeof bulkSelectionMachine>;

/** A batch under way: the queue, the action, and the entries it names (those chosen when it started). */
interface Batch {
  kind: ClaimKind;
  action: BulkAction;
  ids: readonly number[];
}

const line = (r: BulkResult, name: string) =>
  r.outcome === 'done' ? bulkText.done(name) : r.outcome === 'waiting' ? bulkText.inApproval(name) : r.outcome === 'held' ? bulkText.held(name, r.reason ?? '') : bulkText.refused(name, r.reason ?? '');

/** The result of a batch in the flow's result dialog: each entry named, by its key. */
function resultView(nameOf: (key: number) => string): FlowResultView {
  return {
    body: (data) => (
      <ul aria-label={bulkText.resultTitle} className="mt-3 space-y-1 text-sm">
        {(data as BulkAnswer).results.map((r) => (
          <li key={r.id} className={r.outcome === 'done' ? 'text-emerald-800' : r.outcome === 'waiting' ? '' : 'text-red-800'}>
            {line(r, nameOf(r.id))}
          </li>
        ))}
      </ul>
    ),
    close: bulkText.close,
    tone: (data) => ((data as BulkAnswer | undefined)?.approval ? 'warning' : 'default'),
  };
}

/**
 * The batch's flow: the row's form check (it reads no entry) with the question naming the action
 * and how many; the bulk call; the answer's word and text (waiting for a second person, or how
 * many were done) and the answer itself for the result's list.
 */
function useBulkDecision(selection: BulkSelectionActor, applied: () => void) {
  const services = useServices();
  // The form's value, or none for an action without a form.
  return useActionFlow<FormValue | undefined, unknown, Batch>({
    validate: (value, { action, ids }) => {
      const checked: Validation<unknown> = action.form && value ? action.form.validate(value, undefined, undefined) : { ok: true, payload: undefined };
      return checked.ok ? { ...checked, question: bulkText.question(action.label, ids.length) } : checked;
    },
    perform: async (payload, { kind, action, ids }) => {
      try {
        const answer = await applyBulk(services.orders, { kind, event: action.event, ids: [...ids], ...(payload === undefined ? {} : { payload }) });
        if (answer.approval) return { title: bulkText.waitingTitle, text: bulkText.waiting(answer.approval.id, formatMoney(answer.approval.amount, answer.approval.currency)), data: answer };
        return { title: bulkText.resultTitle, text: bulkText.applied(answer.results.filter((r) => r.outcome === 'done').length), data: answer };
      } finally {
        // The queue reads itself again whatever the answer (the stream does too).
        applied();
      }
    },
    onSettled: () => selection.send({ type: 'select.clear' }),
  });
}

interface BulkBarProps {
  selection: BulkSelectionActor;
  kind: ClaimKind;
  /** The chosen entries' charts, as the queue's read carries them. */
  chartsOf: (keys: readonly number[]) => ChartSnapshot[];
  /** An entry's name by its key, for a result whose entry may have left the list. */
  nameOf: (key: number) => string;
  /** After each answer: the queue reads itself again. */
  applied: () => void;
}

/** What is chosen, the actions all of it takes, and a way to clear it (shown while something is chosen); the batch's dialogs. */
export function BulkBar({ selection, kind, chartsOf, nameOf, applied }: BulkBarProps) {
  const permissions = useActorPermissions();
  const selected = useSelector(selection, (s) => s.context.selected);
  const shown = useSelector(selection, (s) => s.matches('choosing'));
  const flow = useBulkDecision(selection, applied);
  const actions = useMemo(() => bulkActionsOf(kind, chartsOf(selected), permissions), [kind, chartsOf, selected, permissions]);
  const batch = flow.current;
  const result = useMemo(() => resultView(nameOf), [nameOf]);
  const start = (action: BulkAction) => {
    const under: Batch = { kind, action, ids: selected };
    // A form's rules are its row's own; a bulk form reads no entry (a reason typed once for all).
    if (action.form) flow.open(action.form.initial(undefined, undefined) as FormValue, bulkText.resultTitle, under);
    else flow.submit(undefined, bulkText.resultTitle, under);
  };
  // The bar keeps its height whether or not something is chosen: nothing under it moves.
  return (
    <div role="region" aria-label={bulkText.barLabel} className="flex min-h-10 flex-wrap items-center gap-2 text-sm">
      {shown ? (
        <>
          <span className="font-medium" aria-live="polite">
            {bulkText.selected(selected.length)}
          </span>
          {actions.length === 0 ? <span className="text-slate-600">{bulkText.noCommon}</span> : null}
          {actions.map((a) => (
            <Button key={a.event} variant={a.variant} disabled={flow.busy || flow.editing} onClick={() => start(a)}>
              {a.label}
            </Button>
          ))}
          <Button variant="secondary" disabled={flow.busy} onClick={() => selection.send({ type: 'select.clear' })}>
            {bulkText.clear}
          </Button>
        </>
      ) : null}
      {/* The batch's dialogs outlive the bar's buttons: its entries may leave the list while it is answered. */}
      {batch?.action.form && flow.form ? (
        <FlowFormDialog flow={flow} title={bulkText.formTitle(batch.action.label, batch.ids.length)} description={bulkText.formNote}>
          <FormFields fields={batch.action.form.fields} stem="bulk" columns={batch.action.form.columns ?? 1} value={flow.form} change={flow.change} context={undefined} />
        </FlowFormDialog>
      ) : null}
      <ActionFlowDialogs actor={flow.actor} result={result} />
    </div>
  );
}

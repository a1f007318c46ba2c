import { useMemo, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { bulkSelectionMachine, type BulkRequest } from '@/machines/ui/bulk-selection.machine';
import { bulkActionsOf, type BulkAction } from '@/machines/queue/bulk-offer';
import { applyBulk } from '@/api/queues';
import { errorMessage } from '@/api/http';
import type { BulkAnswer, BulkResult } from '@/api/contract/queues';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { ClaimKind } from '@/domain/queues';
import { formatMoney } from '@/domain/format';
import { useActorPermissions, useServices } from '@/ui/session';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { FlowFormDialog } from '@/ui/flow-form';
import { FormFields } from '@/ui/row-form';
import { bulkText } from '@/i18n/es-bulk';

/**
 * Bulk decisions in a work queue (issue 28 §3): the selection chart
 * (src/machines/ui/bulk-selection.machine.ts) with the bulk call as its `apply` actor, the bar that
 * offers what every chosen entry's chart takes, and the dialog that names each entry's result.
 */

export type BulkActor = ReturnType<typeof useBulkSelection>;

/** The selection chart of a queue; `applied` after each answer (the queue reads itself again). */
export function useBulkSelection(kind: ClaimKind, applied: () => void) {
  const services = useServices();
  const logic = useMemo(
    () =>
      bulkSelectionMachine.provide({
        actors: {
          apply: fromPromise<BulkAnswer, BulkRequest>(async ({ input }) => {
            try {
              return await applyBulk(services.orders, { kind, event: input.event, ids: [...input.ids], ...(input.payload === undefined ? {} : { payload: input.payload }) });
            } catch (error) {
              throw new Error(errorMessage(error), { cause: error });
            } finally {
              applied();
            }
          }),
        },
      }),
    // One chart per screen; `applied` only sends to the queue's chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [services, kind],
  );
  return useActorRef(logic);
}

interface BulkBarProps {
  actor: BulkActor;
  /** The chosen entries' charts, as the queue's read carries them. */
  chartsOf: (keys: readonly number[]) => ChartSnapshot[];
  kind: ClaimKind;
}

/** What is chosen, the actions all of it takes, and a way to clear it; shown while something is chosen. */
export function BulkBar({ actor, chartsOf, kind }: BulkBarProps) {
  const permissions = useActorPermissions();
  const selected = useSelector(actor, (s) => s.context.selected);
  const applying = useSelector(actor, (s) => s.matches('applying'));
  const error = useSelector(actor, (s) => s.context.error);
  const shown = useSelector(actor, (s) => !s.matches('empty'));
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const asked = useSelector(actor, (s) => s.context.event);
  const filling = useSelector(actor, (s) => s.matches('filling'));
  const formValue = useSelector(actor, (s) => s.context.form);
  const invalid = useSelector(actor, (s) => s.context.invalid);
  const actions = useMemo(() => bulkActionsOf(kind, chartsOf(selected), permissions), [kind, chartsOf, selected, permissions]);
  const action = actions.find((a) => a.event === asked);
  const label = action?.label ?? '';
  const apply = (a: BulkAction) => {
    const form = a.form;
    // A form's rules are its row's own; a bulk form reads no entry (a reason typed once for all).
    actor.send(form ? { type: 'bulk.apply', event: a.event, form: { value: form.initial(undefined, undefined), check: (value) => form.validate(value, undefined, undefined) } } : { type: 'bulk.apply', event: a.event });
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
            <Button key={a.event} variant={a.variant} disabled={applying || confirming || filling} onClick={() => apply(a)}>
              {a.label}
            </Button>
          ))}
          <Button variant="secondary" disabled={applying} onClick={() => actor.send({ type: 'select.clear' })}>
            {bulkText.clear}
          </Button>
          {applying ? <span role="status">{bulkText.sending}</span> : null}
          {action?.form && formValue ? (
            <FlowFormDialog
              flow={{
                editing: filling,
                invalidMessage: invalid,
                submitForm: (event?: FormEvent) => {
                  event?.preventDefault();
                  actor.send({ type: 'form.submit' });
                },
                cancelForm: () => actor.send({ type: 'form.cancel' }),
              }}
              title={bulkText.formTitle(label, selected.length)}
              description={bulkText.formNote}
            >
              <FormFields fields={action.form.fields} stem="bulk" columns={action.form.columns ?? 1} value={formValue} change={(patch) => actor.send({ type: 'form.change', patch })} context={undefined} />
            </FlowFormDialog>
          ) : null}
          <ConfirmDialog
            open={confirming}
            question={bulkText.question(label, selected.length)}
            onCancel={() => actor.send({ type: 'bulk.cancel' })}
            onConfirm={() => actor.send({ type: 'bulk.confirm' })}
          />
          {error ? (
            <span role="alert" className="text-red-700">
              {error}
            </span>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

const line = (r: BulkResult, name: string) =>
  r.outcome === 'done' ? bulkText.done(name) : r.outcome === 'waiting' ? bulkText.inApproval(name) : r.outcome === 'held' ? bulkText.held(name, r.reason ?? '') : bulkText.refused(name, r.reason ?? '');

/** Each entry's result, named; closing it empties the selection. */
export function BulkResultDialog({ actor, nameOf }: { actor: BulkActor; nameOf: (key: number) => string }) {
  const result = useSelector(actor, (s) => (s.matches('result') ? s.context.result : null));
  const close = () => actor.send({ type: 'result.close' });
  return (
    <Dialog
      open={result !== null}
      title={result?.approval ? bulkText.waitingTitle : bulkText.resultTitle}
      tone={result?.approval ? 'warning' : 'default'}
      onClose={close}
      footer={<Button onClick={close}>{bulkText.close}</Button>}
    >
      {result?.approval ? <p className="mb-2 text-sm">{bulkText.waiting(result.approval.id, formatMoney(result.approval.amount, result.approval.currency))}</p> : null}
      <ul aria-label={bulkText.resultTitle} className="space-y-1 text-sm">
        {result?.results.map((r) => (
          <li key={r.id} className={r.outcome === 'done' ? 'text-emerald-800' : r.outcome === 'waiting' ? '' : 'text-red-800'}>
            {line(r, nameOf(r.id))}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

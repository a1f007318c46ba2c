import { createContext, lazy, Suspense, useContext, useId, type ReactNode } from 'react';
import type { AnyStateMachine, EventObject } from 'xstate';
import { sendAction, wireRequestOf, type Sent } from '@/api/actions';
import { inputOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import { ApiError, isApiError } from '@/api/http';
import { restoredChart } from '@/machines/lifecycle/restore';
import { actionsOf, requestRefusal, rowRefusal, type AnyRow, type Lifecycle } from '@/machines/lifecycle/table';
import { Msg } from '@/domain/messages';
import { messageOf, type FormValue } from '@/machines/ui/action-flow.machine';
import { followed, preparingImage, stepped, titleOf } from '@/machines/lifecycle/form';
import { ImageMsg } from '@/domain/images';
import { waitingText } from '@/domain/approval-window';
import type { Validation } from './action-flow-logic';
import { ActionFlowDialogs, useActionFlow } from './action-flow';
import { ActionBar } from './action-bar';
import { FlowFormDialog } from './flow-form';
import { formDescription, RowFormFields } from './row-form';
import { useActorPermissions, useServices, useSession } from './session';
import { t } from '@/i18n';
import { actionKey } from './key-target';
import { KeyGroupsContext } from './action-host';

const DigitKeys = lazy(async () => ({ default: (await import('./digit-keys')).DigitKeys }));

/**
 * The actions of an entity, as its action tables offer them: the buttons are the rows the charts
 * allow this staff member now (`actionsOf`), never a decision of the panel. One action flow serves
 * them all (a form when the row needs input, "Estas seguro?" with the row's question, the wait,
 * the row's success word and text), and it lives here, so a dialog outlives the button its action
 * removes. A row the chart itself refuses and says why (a guard's stated refusal, `rowRefusal`: an
 * item's payout while its order is in risk review) shows that reason above the buttons.
 */

/** One chart of the entity: its lifecycle, its input (the permissions are added), the subject its rows name. */
export interface ChartPart<TSubject = unknown> {
  lifecycle: Lifecycle<AnyStateMachine, TSubject>;
  input: Record<string, unknown>;
  subject: TSubject;
}

/** A part, typed by its lifecycle's subject at its definition, kept with the entity's other parts. */
export function chartPart<TSubject>(part: ChartPart<TSubject>): ChartPart {
  return part as unknown as ChartPart;
}

/**
 * A part whose input is the server's snapshot of its chart, carried by the read the page shows
 * (issue 25 §1): the stored state and the facts the guards read, never the page's reading of the
 * answer's fields. Without the chart's snapshot nothing is offered. `shown` are the values the
 * rows' forms open with (the card's data), beneath the snapshot.
 */
export function snapshotPart<TSubject>(charts: readonly ChartSnapshot[] | undefined, part: Omit<ChartPart<TSubject>, 'input'> & { shown?: Record<string, unknown> }): ChartPart {
  const { shown, ...rest } = part;
  // What the row's form opens with (the data the page shows, from the same read) goes under the
  // server's state and facts: it never decides what is offered.
  return chartPart({ ...rest, input: { ...shown, ...inputOf(charts, part.lifecycle.name) } });
}

/** The action under way: a part's row and, for a row with a form, the chart's context its form opened from. */
interface Offer {
  part: ChartPart;
  row: AnyRow;
  context: unknown;
}

/** The rows a part offers a staff member now (for controls that live in a table's rows). */
export function enabledRows(part: ChartPart, permissions: readonly string[]): AnyRow[] {
  const snapshot = restoredChart(part.lifecycle.machine, { ...part.input, permissions });
  return actionsOf(part.lifecycle.rows, snapshot);
}

/** Whether a part's chart accepts one event from a staff member now (a question of the screen to its chart). */
export function accepts(part: ChartPart, event: EventObject & Record<string, unknown>, permissions: readonly string[]): boolean {
  return restoredChart(part.lifecycle.machine, { ...part.input, permissions }).can(event);
}

/**
 * The rows each part offers now, and the reasons its chart states for refusing the others: each
 * part's chart restored once per render (the parts are the page's data as it is now).
 */
function offersOf(parts: readonly ChartPart[], permissions: readonly string[]) {
  // By the part's place: a part's forms are rebuilt each render (they read the shown data).
  const enabled: { index: number; row: AnyRow }[] = [];
  const stated = new Set<string>();
  for (const [index, part] of parts.entries()) {
    const snapshot = restoredChart(part.lifecycle.machine, { ...part.input, permissions });
    for (const row of actionsOf(part.lifecycle.rows, snapshot)) enabled.push({ index, row });
    // A row the chart itself refuses and says why (`meta.refused` of a guard's transition), each reason once.
    for (const row of part.lifecycle.rows) {
      const reason = row.hidden ? null : rowRefusal(row, snapshot);
      if (reason !== null) stated.add(reason);
    }
  }
  return { enabled, notes: [...stated] };
}

/** The data of a request that is never four-eyes (a receipt sent before its delivery). */
function dataOf(sent: Sent<unknown>): unknown {
  if ('approval' in sent) throw new Error('a step of an action never waits for approval');
  return sent.data;
}

/**
 * The one action flow of an entity's rows: `start(part, row)` opens the row's form (the chart
 * holds what is typed) or asks its question; `dialogs` render wherever the flow should outlive the
 * button (a linked transfer leaves its list, an approved order loses "Aprobar").
 */
export function useChartFlow({ onDone, onFailed }: { onDone: (data?: unknown) => void; onFailed?: (() => void) | undefined }) {
  const services = useServices();
  const permissions = useActorPermissions();
  const accountId = useSession((c) => c.profile?.accountId ?? 0);
  const session = { accountId, tenant: services.config.tenant };
  const send = (row: AnyRow, subject: unknown, payload: unknown) => sendAction(services, session, row as never, subject as never, payload as never);

  const flow = useActionFlow<unknown, unknown, Offer>({
    validate: async (value, { part, row, context }) => {
      // A photo still being made smaller is not sent half ready (src/ui/images.ts).
      if (row.form && preparingImage(row.form, value)) return { ok: false, message: ImageMsg.preparing };
      const checked: Validation<unknown> = row.form ? row.form.validate(value, context, part.subject) : { ok: true, payload: undefined };
      if (!checked.ok) return checked;
      // The chart is asked what the form gave, as the server will ask it: its refusal stays beside the form.
      const request = wireRequestOf(row, part.subject, checked.payload, session);
      const refused = request && requestRefusal(row, restoredChart(part.lifecycle.machine, { ...part.input, permissions }), request);
      return refused ? { ok: false, message: refused } : { ...checked, question: row.confirm(part.subject, checked.payload) };
    },
    perform: async (payload, { part, row }) => {
      const first = async (other: AnyRow, p: unknown) => dataOf(await send(other, part.subject, p));
      try {
        const ready = await stepped(row.form, part.lifecycle.rows, payload, first);
        const sent = await send(row, part.subject, ready);
        // Four-eyes: nothing was done yet; the dialog says that a second person must approve it.
        // Below the threshold alone, it may wait with what the same person did before (issue 28 §4): the dialog says the sum.
        if ('approval' in sent) return { title: t.actionFlow.requestedTitle, text: waitingText(sent.approval) };
        // The row's change was done: a step after it (the receipt of a delivery) is sent now; its
        // failure leaves the change and says so (the step's row stays offered for a retry).
        const unfinished = await followed(row.form, part.lifecycle.rows, ready, part.subject, first, messageOf);
        return { text: unfinished ?? row.success.text(part.subject, sent.data, ready), data: sent.data };
      } catch (error) {
        onFailed?.();
        // Customer and call actions say what the spec says of a lost connection (§8).
        if (isApiError(error) && error.kind === 'network' && part.lifecycle.networkFailure) throw new ApiError('network', part.lifecycle.networkFailure);
        throw error;
      }
    },
    onDone: (data) => onDone(data),
  });

  const start = (part: ChartPart, row: AnyRow) => {
    const title = row.success.title ?? Msg.done;
    if (row.form) {
      // The form opens from the chart as it stands for this staff member now.
      const context: unknown = restoredChart(part.lifecycle.machine, { ...part.input, permissions }).context;
      flow.open(row.form.initial(context, part.subject), title, { part, row, context });
    } else {
      flow.submit(undefined, title, { part, row, context: null });
    }
  };

  const offer = flow.current;
  const rowForm = offer?.row.form;
  return {
    busy: flow.busy,
    start,
    dialogs: (
      <>
        {offer && rowForm ? (
          <FlowFormDialog flow={flow} title={titleOf(rowForm, offer.context, offer.part.subject)} description={formDescription(rowForm, offer.context, offer.part.subject)}>
            {flow.form === null ? null : (
              <RowFormFields
                form={rowForm}
                value={flow.form as FormValue}
                change={flow.change}
                context={offer.context}
                subject={offer.part.subject}
                accepts={(event) => accepts(offer.part, event, permissions)}
              />
            )}
          </FlowFormDialog>
        ) : null}
        <ActionFlowDialogs actor={flow.actor} />
      </>
    ),
  };
}

interface ChartActionsBase {
  /** The group's accessible name ("Acciones del item 123"). */
  label: string;
  parts: readonly ChartPart[];
  /** Controls of the entity that are not its chart's actions. */
  children?: ReactNode;
  /** A button's accessible name when its label is ambiguous (a group per table row). */
  buttonName?: (row: AnyRow) => string;
}

export type ChartActionsProps = ChartActionsBase &
  (
    | {
        /** Runs when an action succeeded (reload what changed), with what it answered. */
        onDone: (data?: unknown) => void;
        /** Runs when an action failed (a refusal may be on record all the same). */
        onFailed?: () => void;
        flow?: undefined;
      }
    | {
        /**
         * A flow of the page's (useChartFlow), whose dialogs the page renders: for an entity that
         * leaves the list once acted on (a decided approval), so its result outlives its row. What
         * follows an action is the flow's.
         */
        flow: ChartFlow;
        onDone?: undefined;
        onFailed?: undefined;
      }
  );

export type ChartFlow = ReturnType<typeof useChartFlow>;

/** The buttons of an entity's enabled rows, in one labelled group, with their flow. */
export function ChartActions({ label, parts, onDone, onFailed, children, buttonName, flow: hosted }: ChartActionsProps) {
  const permissions = useActorPermissions();
  const { enabled, notes } = offersOf(parts, permissions);
  // The chosen group (with j/k on a detail page; the first of a work queue's panel) gives each of
  // its actions a digit key, shown on its button: one group at a time, so a digit names one button.
  const groups = useContext(KeyGroupsContext);
  const group = useId();
  const chosen = groups?.current === group;
  const keyed = chosen;
  const own = useChartFlow({ onDone: onDone ?? (() => {}), onFailed });
  const flow = hosted ?? own;
  const start = (index: number, row: AnyRow) => flow.start(parts[index]!, row);
  return (
    <>
      {notes.map((note) => (
        <p key={note} role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {note}
        </p>
      ))}
      <ActionBar
        label={label}
        keyGroup={groups ? group : undefined}
        chosen={chosen}
        actions={enabled.map(({ index, row }, n) => ({
          key: `${parts[index]!.lifecycle.name}:${row.event}`,
          label: row.label,
          ariaLabel: buttonName?.(row),
          variant: row.variant ?? 'secondary',
          disabled: flow.busy,
          shortcut: keyed ? actionKey(n) : null,
          onClick: () => start(index, row),
        }))}
      >
        {children}
      </ActionBar>
      {hosted ? null : flow.dialogs}
      {keyed ? (
        <Suspense fallback={null}>
          <DigitKeys
            enabled={!flow.busy}
            keys={enabled.flatMap(({ index, row }, n) => {
              const key = actionKey(n);
              return key ? [{ key, label: row.label, run: () => start(index, row) }] : [];
            })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The page's flow for the actions in a grid's cells (a settings list's "Eliminar"): the grid's
 * columns are built once, and each cell reads the flow as the page renders it now, so a new flow
 * re-renders the cells and never remounts them.
 */
const CellFlowContext = createContext<ChartFlow | null>(null);

/** Hands a page's flow (useChartFlow) to the CellChartActions of the grid inside. */
export function CellFlow({ flow, children }: { flow: ChartFlow; children: ReactNode }) {
  return <CellFlowContext value={flow}>{children}</CellFlowContext>;
}

/** ChartActions in a grid's cell, in the flow of its page (CellFlow around the grid). */
export function CellChartActions(props: ChartActionsBase) {
  const flow = useContext(CellFlowContext);
  if (!flow) throw new Error('CellChartActions outside a CellFlow');
  return <ChartActions {...props} flow={flow} />;
}

import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useActorRef } from '@xstate/react';
import type { CallRow } from '@/api/contract/calls';
import type { BulkAnswer } from '@/api/contract/queues';
import { snapshotOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { ClaimKind } from '@/domain/queues';
import { formatMoney } from '@/domain/format';
import { callReturn } from '@/machines/call/call-return.machine';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { bulkSelectionMachine } from '@/machines/ui/bulk-selection.machine';
import { CallDetail } from '@/features/call/call-detail';
import { BulkBar, type BulkSelectionActor } from '@/screens/order/bulk-bar';
import { renderAs, type Answers } from './support';

/**
 * A work queue's bulk bar (src/screens/order/bulk-bar.tsx: the selection chart, and the batch run
 * by the action-flow chart with the bulk call as its request) and the call detail's returns
 * (src/features/call/call-detail.tsx, the call's chart from the snapshot the calls list carries), for a
 * persona's permissions; no server: a service touched is recorded and never answers, unless the
 * test answers the bulk call. Moved from tests/e2e/bulk-decisions.spec.ts and call-detail.spec.ts:
 * what the bar offers and asks, the reason form's texts and refusal, what the batch sends and how
 * its result reads, what the return form refuses and asks, what a reader is not offered.
 */

const question = () => screen.getByRole('alertdialog', { name: 'Estas seguro?' });
const BULK = 'POST secured/queues/bulk';
const nameOf = (key: number) => `Entrada ${key}`;

/** A queue's bar over entries whose charts the queue's read carried; `chosen` gets the selection chart. */
function Bar({ kind, charts, chosen, applied }: { kind: ClaimKind; charts: ReadonlyMap<number, ChartSnapshot>; chosen: (actor: BulkSelectionActor) => void; applied: () => void }) {
  const selection = useActorRef(bulkSelectionMachine);
  chosen(selection);
  return <BulkBar selection={selection} kind={kind} chartsOf={chartsOfBar(charts)} nameOf={nameOf} applied={applied} />;
}
const bars = new WeakMap<ReadonlyMap<number, ChartSnapshot>, (keys: readonly number[]) => ChartSnapshot[]>();
/** One function per entry set: the bar recomputes its offer when it changes. */
function chartsOfBar(charts: ReadonlyMap<number, ChartSnapshot>) {
  let of = bars.get(charts);
  if (!of) {
    of = (keys) => keys.map((key) => charts.get(key)!);
    bars.set(charts, of);
  }
  return of;
}

/** The bar with every entry shown and chosen; `answers` answers the bulk call (otherwise it never answers). */
function renderBar(username: string, kind: ClaimKind, charts: ReadonlyMap<number, ChartSnapshot>, answers?: Answers) {
  let selection: BulkSelectionActor | null = null;
  let applied = 0;
  const { touched, bodies } = renderAs(username, <Bar kind={kind} charts={charts} chosen={(a) => (selection = a)} applied={() => (applied += 1)} />, answers ? { answers } : {});
  act(() => {
    selection!.send({ type: 'select.shown', keys: [...charts.keys()] });
    for (const key of charts.keys()) selection!.send({ type: 'select.toggle', key });
  });
  return { touched, bodies, selection: selection!, applied: () => applied, bar: screen.getByRole('region', { name: 'Decisión en bloque' }) };
}

const riskOrders = () => new Map([4201, 4202].map((id) => [id, snapshotOf(orderLifecycle.name, { status: 'RISK', totalRefundAllowed: false, itemsFinished: false })] as const));
const homesOut = () => new Map([5301, 5302].map((id) => [id, snapshotOf(homeRemittance.name, { status: 'PENDING_DELIVERY', orderStatus: 'OPEN', trackingNumber: 'TRK-E2E' })] as const));

describe('a bulk decision', () => {
  it("two risk orders chosen: the bar says '2 elegidas' and 'Aprobar' asks about both before anything is sent", async () => {
    const user = userEvent.setup();
    const { touched, bar } = renderBar('fraude', 'order', riskOrders());
    expect(bar).toHaveTextContent('2 elegidas');
    await user.click(within(bar).getByRole('button', { name: 'Aprobar' }));
    expect(question()).toHaveTextContent('¿Aprobar las 2 entradas elegidas?');
    expect(touched).toEqual([]);
  });

  it('nothing chosen: the bar offers nothing', () => {
    renderAs('fraude', <Bar kind="order" charts={riskOrders()} chosen={() => {}} applied={() => {}} />);
    expect(within(screen.getByRole('region', { name: 'Decisión en bloque' })).queryAllByRole('button')).toEqual([]);
  });

  it("'Enviar a revisión' for two home remittances: one reason for all, refused blank with the single action's message, then asked about both", async () => {
    const user = userEvent.setup();
    const { touched, bar } = renderBar('admin', 'item', homesOut());
    expect(bar).toHaveTextContent('2 elegidas');
    await user.click(within(bar).getByRole('button', { name: 'Enviar a revisión' }));
    const form = screen.getByRole('dialog', { name: 'Enviar a revisión: las 2 entradas elegidas' });
    expect(form).toHaveTextContent('Lo que escriba se envía con cada entrada elegida.');
    await user.click(within(form).getByRole('button', { name: 'Aceptar' }));
    expect(form).toHaveTextContent('Debe indicar el motivo.');
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    await user.type(within(form).getByLabelText('Motivo'), '  Dirección incompleta ');
    await user.click(within(form).getByRole('button', { name: 'Aceptar' }));
    expect(question()).toHaveTextContent('¿Enviar a revisión las 2 entradas elegidas?');
    expect(touched).toEqual([]);
  });

  it('confirmed, the batch names the entries chosen when it started, with the checked reason; the result names each entry; closing it empties the selection', async () => {
    const user = userEvent.setup();
    const answer: BulkAnswer = { results: [{ id: 5301, outcome: 'done', reason: null }, { id: 5302, outcome: 'held', reason: 'La tiene Rosa Remesas.' }], approval: null };
    const { bodies, selection, applied, bar } = renderBar('admin', 'item', homesOut(), { [BULK]: answer });
    await user.click(within(bar).getByRole('button', { name: 'Enviar a revisión' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Enviar a revisión: las 2 entradas elegidas' })).getByLabelText('Motivo'), '  Dirección incompleta ');
    // The list changes underneath while the form is open: the batch is still the one the question names.
    act(() => selection.send({ type: 'select.shown', keys: [5301] }));
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(question()).toHaveTextContent('¿Enviar a revisión las 2 entradas elegidas?');
    expect(bodies).toEqual([]);
    await user.click(within(question()).getByRole('button', { name: 'Si, continuar!' }));
    const result = await screen.findByRole('dialog', { name: 'Resultado de la decisión en bloque' });
    expect(bodies).toEqual([{ request: BULK, json: { kind: 'item', event: 'item.review', ids: [5301, 5302], payload: 'Dirección incompleta' } }]);
    expect(applied()).toBe(1);
    expect(result).toHaveTextContent('Se aplicó a 1 entrada.');
    expect(within(result).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Entrada 5301: hecho', 'Entrada 5302: omitida: La tiene Rosa Remesas.']);
    await user.click(within(result).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog', { name: 'Resultado de la decisión en bloque' })).toBeNull();
    expect(selection.getSnapshot().context.selected).toEqual([]);
    expect(bar).not.toHaveTextContent('elegidas');
  });

  it('a batch above the threshold says it waits for a second person, and names the entries in the request', async () => {
    const user = userEvent.setup();
    const answer: BulkAnswer = { results: [4201, 4202].map((id) => ({ id, outcome: 'waiting', reason: null })), approval: { id: 77, amount: 900, currency: 'USD' } };
    const { bar } = renderBar('fraude', 'order', riskOrders(), { [BULK]: answer });
    await user.click(within(bar).getByRole('button', { name: 'Aprobar' }));
    await user.click(within(question()).getByRole('button', { name: 'Si, continuar!' }));
    const waiting = await screen.findByRole('dialog', { name: 'Pendiente de aprobación' });
    expect(waiting).toHaveTextContent(`La decisión espera la aprobación de otra persona (solicitud 77, ${formatMoney(900, 'USD')} en total).`);
    expect(within(waiting).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Entrada 4201: en la solicitud de aprobación', 'Entrada 4202: en la solicitud de aprobación']);
  });

  it('a batch that fails keeps the selection for another try; an action without a form sends no payload', async () => {
    const user = userEvent.setup();
    // The bulk call is refused as a lost connection.
    const { bodies, selection, applied, bar } = renderBar('fraude', 'order', riskOrders(), {});
    await user.click(within(bar).getByRole('button', { name: 'Aprobar' }));
    await user.click(within(question()).getByRole('button', { name: 'Si, continuar!' }));
    await waitFor(() => expect(applied()).toBe(1));
    await waitFor(() => expect(within(bar).getByRole('button', { name: 'Aprobar' })).toBeEnabled());
    expect(bodies).toEqual([{ request: BULK, json: { kind: 'order', event: 'order.approve', ids: [4201, 4202] } }]);
    expect(screen.queryByRole('dialog', { name: 'Resultado de la decisión en bloque' })).toBeNull();
    expect(selection.getSnapshot().context.selected).toEqual([4201, 4202]);
    expect(bar).toHaveTextContent('2 elegidas');
    // Again: asked again, sent again.
    await user.click(within(bar).getByRole('button', { name: 'Aprobar' }));
    expect(question()).toHaveTextContent('¿Aprobar las 2 entradas elegidas?');
  });
});

/** A call that cost 0.30 USD for 150 s, nothing returned, with its chart's snapshot as the calls list carries it. */
function call(id: number): CallRow {
  const cost = { bill: 0.3, returned: 0, seconds: 150 };
  return {
    id,
    accountId: 12,
    calledStation: '5351234567',
    starTime: '2026-03-01T10:00:00.000Z',
    sessionTime: 150,
    sessionBill: 0.3,
    returnedValue: 0,
    terminateCauseId: 1,
    minFree: 0,
    charts: [snapshotOf(callReturn.name, { status: 'open', ...cost })],
  } as unknown as CallRow;
}

describe("a call's returns", () => {
  it("soporte's partial return refuses more minutes than are left to return, then asks about 1 minute as FREE_MIN", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('soporte', <CallDetail call={call(3301)} />);
    await user.click(screen.getByRole('button', { name: 'Devolución parcial' }));
    const form = screen.getByRole('dialog', { name: 'Devolución parcial' });
    await user.type(within(form).getByLabelText('Minutos'), '5');
    await user.click(within(form).getByRole('button', { name: 'Aceptar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(/^La devolución supera lo que queda por devolver de la llamada \(3 minutos\)\.$/);
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    await user.clear(within(form).getByLabelText('Minutos'));
    await user.type(within(form).getByLabelText('Minutos'), '1');
    await user.click(within(form).getByRole('button', { name: 'Aceptar' }));
    expect(question()).toHaveTextContent('¿Devolver 1 minuto (FREE_MIN) de la llamada 3301?');
    // The tabs' reads went out (they never answer here); no return was sent.
    expect(touched.filter((name) => name !== 'users' && name !== 'uaa')).toEqual([]);
  });

  it('a reader is offered neither return', () => {
    renderAs('lector', <CallDetail call={call(3302)} />);
    expect(screen.getByRole('tab', { name: 'Contacto' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Devolver llamada' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Devolución parcial' })).toBeNull();
  });

  it('soporte is offered both on a call with nothing returned', () => {
    renderAs('soporte', <CallDetail call={call(3303)} />);
    expect(screen.getByRole('button', { name: 'Devolver llamada' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Devolución parcial' })).toBeVisible();
  });
});

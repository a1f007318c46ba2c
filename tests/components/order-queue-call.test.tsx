import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CallRow } from '@/api/contract/calls';
import { snapshotOf, type ChartSnapshot } from '@/api/contract/chart-snapshot';
import type { ClaimKind } from '@/domain/queues';
import { callReturn } from '@/machines/call/call-return.machine';
import { order as orderLifecycle } from '@/machines/order/order.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { CallDetail } from '@/ui/call/call-detail';
import { BulkBar, useBulkSelection, type BulkActor } from '@/screens/order/bulk-bar';
import { renderAs } from './support';

/**
 * A work queue's bulk bar (src/screens/order/bulk-bar.tsx, its selection chart with the bulk call
 * that never answers here) and the call detail's returns (src/ui/call/call-detail.tsx, the call's
 * chart from the snapshot the calls list carries), for a persona's permissions; no server: a
 * service touched is recorded and never answers. Moved from tests/e2e/bulk-decisions.spec.ts and
 * call-detail.spec.ts: what the bar offers and asks, the reason form's texts and refusal, what the
 * return form refuses and asks, what a reader is not offered.
 */

const question = () => screen.getByRole('alertdialog', { name: 'Estas seguro?' });

/** A queue's bar over entries whose charts the queue's read carried; `chosen` gets the selection chart. */
function Bar({ kind, charts, chosen }: { kind: ClaimKind; charts: ReadonlyMap<number, ChartSnapshot>; chosen: (actor: BulkActor) => void }) {
  const actor = useBulkSelection(kind, () => {});
  chosen(actor);
  return <BulkBar actor={actor} kind={kind} chartsOf={chartsOfBar(charts)} />;
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

function renderBar(username: string, kind: ClaimKind, charts: ReadonlyMap<number, ChartSnapshot>) {
  let actor: BulkActor | null = null;
  const { touched } = renderAs(username, <Bar kind={kind} charts={charts} chosen={(a) => (actor = a)} />);
  act(() => {
    for (const key of charts.keys()) actor!.send({ type: 'select.toggle', key });
  });
  return { touched, bar: screen.getByRole('region', { name: 'Decisión en bloque' }) };
}

describe('a bulk decision', () => {
  it("two risk orders chosen: the bar says '2 elegidas' and 'Aprobar' asks about both before anything is sent", async () => {
    const user = userEvent.setup();
    const charts = new Map([4201, 4202].map((id) => [id, snapshotOf(orderLifecycle.name, { status: 'RISK', totalRefundAllowed: false, itemsFinished: false })] as const));
    const { touched, bar } = renderBar('fraude', 'order', charts);
    expect(bar).toHaveTextContent('2 elegidas');
    await user.click(within(bar).getByRole('button', { name: 'Aprobar' }));
    expect(question()).toHaveTextContent('¿Aprobar las 2 entradas elegidas?');
    expect(touched).toEqual([]);
  });

  it("'Enviar a revisión' for two home remittances: one reason for all, refused blank with the single action's message, then asked about both", async () => {
    const user = userEvent.setup();
    const charts = new Map([5301, 5302].map((id) => [id, snapshotOf(homeRemittance.name, { status: 'PENDING_DELIVERY', orderStatus: 'OPEN', trackingNumber: 'TRK-E2E' })] as const));
    const { touched, bar } = renderBar('admin', 'item', charts);
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

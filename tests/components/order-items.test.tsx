import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderRow } from '@/api/contract/order-lists';
import type { Offer, OfferItem } from '@/api/contract/order-detail';
import type { PickupRemittance } from '@/api/contract/pickup';
import { snapshotOf } from '@/api/contract/chart-snapshot';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { ItemRefused } from '@/domain/order-status';
import { Msg } from '@/domain/messages';
import { TopupActions } from '@/screens/order/items/topup-actions';
import { TopupPanel } from '@/screens/order/items/topup-panel';
import { PickupActions } from '@/screens/order/items/pickup-actions';
import { BankRemittancePanel } from '@/screens/order/items/bank-remittance-panel';
import { MassRetryAction } from '@/screens/order/items/mass-retry';
import { setup } from 'xstate';
import type { AnyRow } from '@/machines/lifecycle/table';
import { ChartActions, chartPart } from '@/ui/chart-actions';
import { fakeServices, renderAs, renderRouted, sessionAs } from './support';

/**
 * The item panels' actions (src/screens/order/items) with the item's charts restored from the
 * snapshots its read carries, for a persona's permissions; no server: a service touched is
 * recorded and never answers. Moved from tests/e2e/topup-items.spec.ts,
 * pickup-prepaid-items.spec.ts and remittance-items.spec.ts: what the forms refuse before anything
 * is sent, what they say, what a panel says of an order in review, who is offered the mass reset.
 */

const order = { id: 880, appName: 'cubacel', currency: 'USD', paymentOrderlist: [] } as unknown as OrderRow;
const offer = { id: 88, orderId: 880, title: 'Recarga 500', endDate: null } as unknown as Offer;

function itemOf(id: number, productType: string, charts: ReturnType<typeof snapshotOf>[]): OfferItem {
  return { id, productType, status: charts[0]!.state, provider: 'BPA', tries: 0, orderData: { destination: '+5351234567' }, charts } as unknown as OfferItem;
}

const question = () => screen.queryByRole('alertdialog', { name: 'Estas seguro?' });
const open = async (user: ReturnType<typeof userEvent.setup>, group: string, button: string, dialog: string) => {
  await user.click(within(screen.getByRole('group', { name: group })).getByRole('button', { name: button }));
  return screen.getByRole('dialog', { name: dialog });
};

describe('a top-up', () => {
  const topup = (status: string, facts: Record<string, unknown> = {}, claims = 0) =>
    itemOf(701, 'TOPUP', [snapshotOf(topupItem.name, { status, orderStatus: 'OPEN', offerExpired: false, ...facts }), snapshotOf(topupClaim.name, { claims, itemStatus: status })]);

  it("'Cambiar destino' refuses an empty destination: 'destino requerido!', nothing asked or sent", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('operaciones', <TopupActions order={order} offer={offer} item={topup('OPEN')} onChanged={() => {}} />);
    const edit = await open(user, 'Acciones de la recarga 701', 'Cambiar destino', 'Cambiar destino de la recarga 701');
    expect(within(edit).getByLabelText('Destino')).toHaveValue('+5351234567');
    await user.clear(within(edit).getByLabelText('Destino'));
    await user.click(within(edit).getByRole('button', { name: 'Aceptar' }));
    expect(within(edit).getByRole('alert')).toHaveTextContent(/^destino requerido!$/);
    expect(question()).toBeNull();
    expect(touched).toEqual([]);
  });

  it("'Reclamar' on a delivered top-up with no claim names the first claim and refuses an empty one; cancelling sends nothing", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('operaciones', <TopupActions order={order} offer={offer} item={topup('FULFILLED')} onChanged={() => {}} />);
    const claim = await open(user, 'Acciones de la recarga 701', 'Reclamar', 'Reclamar la recarga 701');
    expect(within(claim).getByText('Reclamo: RECLAM 1era')).toBeVisible();
    await user.click(within(claim).getByRole('button', { name: 'Aceptar' }));
    expect(within(claim).getByRole('alert')).toHaveTextContent(/^Debe especificar el reclamo\.$/);
    expect(question()).toBeNull();
    await user.click(within(claim).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog', { name: 'Reclamar la recarga 701' })).toBeNull();
    expect(touched).toEqual([]);
  });

  it("'Reiniciar intentos' warns 'ATENCIÓN: La oferta ya expiró' exactly when the offer expired", async () => {
    for (const expired of [true, false]) {
      const user = userEvent.setup();
      const { view } = renderAs('operaciones', <TopupActions order={order} offer={offer} item={topup('IMPOSSIBLE', { offerExpired: expired })} onChanged={() => {}} />);
      const dialog = await open(user, 'Acciones de la recarga 701', 'Reiniciar intentos', 'Reiniciar intentos de la recarga 701');
      expect(within(dialog).queryAllByText('ATENCIÓN: La oferta ya expiró')).toHaveLength(expired ? 1 : 0);
      view.unmount();
    }
  });
});

describe('a refusal the chart states', () => {
  // Any chart's, not only an item's risk hold: the buttons show the reason a guard's transition states (`meta.refused`).
  const desk = setup({ types: { context: {} as { closed: boolean; permissions: readonly string[] }, input: {} as { closed: boolean; permissions: readonly string[] } } }).createMachine({
    id: 'cashDesk',
    context: ({ input }) => input,
    initial: 'open',
    states: { open: { on: { 'desk.pay': [{ guard: ({ context }) => context.closed, meta: { refused: 'La caja está cerrada hasta mañana.' } }, { target: 'open' }] } } },
  });
  const pay = { event: 'desk.pay', label: 'Pagar', permissions: [], confirm: () => '¿Pagar?', success: { text: () => 'Pagado.' }, refused: 'No se puede pagar.' } as unknown as AnyRow;
  const cashDesk = { name: 'cashDesk', machine: desk, rows: [pay] };

  it.each([
    [true, [], ['La caja está cerrada hasta mañana.']],
    [false, ['Pagar'], []],
  ])('closed: %s', (closed, buttons, notes) => {
    renderAs('operaciones', <ChartActions label="Caja" parts={[chartPart({ lifecycle: cashDesk, input: { closed }, subject: {} })]} onDone={() => {}} />);
    expect(screen.queryAllByRole('button').map((b) => b.textContent)).toEqual(buttons);
    expect(screen.queryAllByRole('note').map((n) => n.textContent)).toEqual(notes);
  });
});

describe("a top-up panel's notes, as the item's chart says them", () => {
  const panel = (status: string, offerExpired: boolean) => {
    const item = { ...itemOf(704, 'TOPUP', [snapshotOf(topupItem.name, { status, orderStatus: 'OPEN', offerExpired })]), amount: 5 } as OfferItem;
    return <TopupPanel order={order} offer={offer} item={item} onChanged={() => {}} />;
  };
  const EXPIRED = 'ATENCIÓN: La oferta ya expiró';
  const RUNNING = 'La oferta sigue vigente: los intentos de una recarga MULTIPLE se reinician cuando expire.';
  const REFUSED = 'No se puede ejecutar: Solo para recargas telefonicas o nautas en los estados: OPEN, PRE_ORDER, ERROR, IMPOSSIBLE, PENDING';
  const notes = () => [EXPIRED, RUNNING, REFUSED].filter((text) => screen.queryByText((_content, element) => element?.tagName === 'P' && element.textContent === text) !== null);

  it.each([
    // The offer's expiry is the snapshot's fact (the server's clock), never the offer's end date read again here.
    ['MULTIPLE', true, 'operaciones', [EXPIRED, REFUSED]],
    ['IMPOSSIBLE', true, 'operaciones', [EXPIRED]],
    ['MULTIPLE', false, 'operaciones', [RUNNING, REFUSED]],
    ['IMPOSSIBLE', false, 'operaciones', []],
    ['OPEN', true, 'operaciones', []],
    ['FULFILLED', false, 'operaciones', [REFUSED]],
    // The offer's notes are for every reader; what the status refuses is told to who could act.
    ['MULTIPLE', true, 'lector', [EXPIRED]],
    ['MULTIPLE', false, 'lector', [RUNNING]],
    ['FULFILLED', false, 'lector', []],
  ] as const)('%s, offer expired: %s, for %s', async (status, offerExpired, who, shown) => {
    // A panel offers the item's 'Historia' to QA: it asks the router which screens open.
    await renderRouted(sessionAs(who), panel(status, offerExpired), fakeServices().services);
    expect(screen.getByRole('region', { name: 'Recarga 704' })).toBeInTheDocument();
    expect(notes()).toEqual(shown);
  });
});

describe('the mass reset of top-up attempts', () => {
  it("refuses a window that ends before it starts: 'Debe especificar un rango de fecha valida.', nothing asked or sent", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('operaciones', <MassRetryAction />);
    await user.click(screen.getByRole('button', { name: 'Reinicio masivo de intentos' }));
    const dialog = screen.getByRole('dialog', { name: 'Reinicio masivo de intentos' });
    await user.clear(within(dialog).getByLabelText('Desde'));
    await user.type(within(dialog).getByLabelText('Desde'), '2026-03-10');
    await user.clear(within(dialog).getByLabelText('Hasta'));
    await user.type(within(dialog).getByLabelText('Hasta'), '2026-03-08');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Debe especificar un rango de fecha valida\.$/);
    expect(question()).toBeNull();
    expect(touched).toEqual([]);
  });

  it('is not offered to lector or entregas (operaciones has it)', () => {
    for (const username of ['lector', 'entregas']) {
      const { view } = renderAs(username, <MassRetryAction />);
      expect(screen.queryByRole('button', { name: 'Reinicio masivo de intentos' })).toBeNull();
      view.unmount();
    }
    renderAs('operaciones', <MassRetryAction />);
    expect(screen.getByRole('button', { name: 'Reinicio masivo de intentos' })).toBeVisible();
  });
});

describe('a pickup', () => {
  const pickup = (status: string, deliveryStatus: string) => itemOf(702, 'PICKUP_CASH', [snapshotOf(pickupCash.name, { status, orderStatus: 'OPEN', deliveryStatus })]);
  const data = { remittanceId: 1000702, shippingAddress: null } as unknown as PickupRemittance;

  it("'Reportar entrega' refuses a delivery without who received it: 'Debe indicar quién recibió.'", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('entregas', <PickupActions order={order} offer={offer} item={pickup('PENDING_DELIVERY', 'ASSIGNED')} data={data} onChanged={() => {}} />);
    const dialog = await open(user, 'Acciones del item 702', 'Reportar entrega', 'Reportar Entrega Recogida 702');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Debe indicar quién recibió\.$/);
    expect(question()).toBeNull();
    expect(touched).toEqual([]);
  });

  const DELIVER = 'POST api/crm2/pickup/deliver';
  const RECEIPT = 'POST api/crm2/pickup/delivery/receipturl';
  const photo = (bytes: number) => new File([new Uint8Array(bytes)], 'recibo.png', { type: 'image/png' });
  /** 'Reportar entrega' of an assigned pickup, typed: who received it and the receipt's photo. */
  const report = async (answers: Record<string, unknown>) => {
    const user = userEvent.setup();
    const rendered = renderAs('entregas', <PickupActions order={order} offer={offer} item={pickup('PENDING_DELIVERY', 'ASSIGNED')} data={data} onChanged={() => {}} />, { answers });
    const dialog = await open(user, 'Acciones del item 702', 'Reportar entrega', 'Reportar Entrega Recogida 702');
    await user.type(within(dialog).getByLabelText('Recibió'), 'Marta Gómez');
    const field = within(dialog).getByLabelText(/^Foto del recibo/);
    // A phone opens its back camera for the receipt.
    expect(field).toHaveAttribute('capture', 'environment');
    return { ...rendered, user, dialog, field };
  };
  const moved = { foiid: 702, status: 'FULFILLED', deliveryStatus: 'FULFILLED' };

  it("'Reportar entrega' takes the receipt's photo (required) and sends it after the delivery, through 'Adjuntar recibo'", async () => {
    const { user, dialog, field, sent } = await report({ [DELIVER]: moved, [RECEIPT]: { ...moved, receiptImageUrl: '/orders/secured/remesa/file?id=1' } });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Debe adjuntar la imagen\.$/);
    await user.upload(field, photo(2048));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await user.click(within(question()!).getByRole('button', { name: Msg.confirmYes }));
    const done = await screen.findByRole('dialog', { name: 'Listo!' });
    expect(done).toHaveTextContent('La recogida 702 quedó entregada y su recibo adjuntado.');
    // The delivery first, then the receipt: two requests, two rows (each its own action log).
    expect(sent).toEqual([DELIVER, RECEIPT]);
  });

  it("when the receipt cannot follow the delivery, the delivery stands and the result says so ('Adjuntar recibo' is the retry)", async () => {
    // The receipt's request meets a lost connection.
    const { user, dialog, field, sent } = await report({ [DELIVER]: moved });
    await user.upload(field, photo(2048));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await user.click(within(question()!).getByRole('button', { name: Msg.confirmYes }));
    const done = await screen.findByRole('dialog', { name: 'Listo!' });
    expect(done).toHaveTextContent(`La recogida 702 quedó entregada, pero no se pudo adjuntar el recibo (${Msg.connectionLost.replace(/\.$/, '')}). Vuelva a intentarlo con 'Adjuntar recibo'.`);
    expect(sent).toEqual([DELIVER, RECEIPT]);
  });

  it("a photo over 1 MB is made smaller before it is the form's value: Aceptar waits for it, and the limit's message shows only when it cannot be", async () => {
    let decode = (): void => {};
    // The browser's decoding, held until the test lets it go, then failing (an image it cannot read).
    vi.stubGlobal('createImageBitmap', () => new Promise((_resolve, reject) => (decode = () => reject(new Error('undecodable')))));
    try {
      const { user, dialog, field, sent } = await report({});
      await user.upload(field, photo(1024 * 1024 + 1));
      expect(within(dialog).getByText('Reduciendo la foto…')).toHaveAttribute('aria-live', 'polite');
      await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/^La foto todavía se está reduciendo; espere un momento\.$/);
      decode();
      await waitFor(() => expect(within(dialog).queryByText('Reduciendo la foto…')).toBeNull());
      await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/^La imagen no puede superar 1 MB\.$/);
      expect(question()).toBeNull();
      expect(sent).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("'Adjuntar recibo' (a retry, or a delivery reported elsewhere) refuses no image: 'Debe adjuntar la imagen.'; with one, sends it", async () => {
    const user = userEvent.setup();
    const { sent } = renderAs('entregas', <PickupActions order={order} offer={offer} item={pickup('FULFILLED', 'FULFILLED')} data={data} onChanged={() => {}} />, {
      answers: { [RECEIPT]: { ...moved, receiptImageUrl: '/orders/secured/remesa/file?id=1' } },
    });
    expect(within(screen.getByRole('group', { name: 'Acciones del item 702' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Adjuntar recibo']);
    const dialog = await open(user, 'Acciones del item 702', 'Adjuntar recibo', 'Adjuntar recibo de la recogida 702');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Debe adjuntar la imagen\.$/);
    expect(question()).toBeNull();
    expect(sent).toEqual([]);
    const field = within(dialog).getByLabelText(/^Foto del recibo/);
    expect(field).toHaveAttribute('capture', 'environment');
    await user.upload(field, photo(2048));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await user.click(within(question()!).getByRole('button', { name: Msg.confirmYes }));
    expect(await screen.findByRole('dialog', { name: 'Listo!' })).toHaveTextContent('Se adjuntó el recibo de la recogida 702.');
    expect(sent).toEqual([RECEIPT]);
  });
});

describe('a bank remittance of an order in risk review', () => {
  const bank = (orderStatus: string) => itemOf(703, 'REMESA_BANCARIA', [snapshotOf(bankRemittance.name, { status: 'MANUAL', orderStatus })]);
  const panel = (orderStatus: string) => <BankRemittancePanel order={order} offer={offer} item={bank(orderStatus)} onChanged={() => {}} />;

  it('offers the edits, not the approval, and the panel says why', async () => {
    await renderRouted(sessionAs('operaciones'), panel('RISK'), fakeServices().services);
    const region = screen.getByRole('region', { name: 'Remesa bancaria 703' });
    expect(within(within(region).getByRole('group', { name: 'Acciones del item 703' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Modificar destino', 'Cambiar proveedor']);
    expect(within(region).getByRole('note')).toHaveTextContent(new RegExp(`^${ItemRefused.orderInReview.replace(/[.()?]/g, '\\$&')}$`));
  });

  it('once the order is released, the approval is offered and the note is gone', async () => {
    await renderRouted(sessionAs('operaciones'), panel('OPEN'), fakeServices().services);
    const region = screen.getByRole('region', { name: 'Remesa bancaria 703' });
    expect(within(within(region).getByRole('group', { name: 'Acciones del item 703' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Modificar destino', 'Cambiar proveedor', 'Aprobar']);
    expect(within(region).queryByRole('note')).toBeNull();
    // Its history is QA's (CRM_QA_AUDIT): operaciones is not offered it.
    expect(within(region).queryByRole('link', { name: /^Historia/ })).toBeNull();
  });

  it("offers QA the item's 'Historia': its chart and the item's id", async () => {
    await renderRouted(sessionAs('qa'), panel('OPEN'), fakeServices().services);
    const link = within(screen.getByRole('region', { name: 'Remesa bancaria 703' })).getByRole('link', { name: 'Historia de Remesa bancaria 703' });
    expect(link).toHaveTextContent('Historia');
    // (This router writes its search as JSON; the console's writes plain text: src/domain/url-search.ts.)
    const [path, search] = link.getAttribute('href')!.split('?');
    expect(path).toBe('/admin/transitions-history');
    expect(new URLSearchParams(search).get('chart')).toBe('bankRemittanceItem');
    expect(new URLSearchParams(search).get('entityId')).toBe('"703"');
  });
});

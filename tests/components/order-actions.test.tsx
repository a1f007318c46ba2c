import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderRow } from '@/api/contract/order-lists';
import type { NotesPage, Offer } from '@/api/contract/order-detail';
import { snapshotOf } from '@/api/contract/chart-snapshot';
import { OrderActions } from '@/screens/order/order-actions';
import { OfferActions } from '@/screens/order/offer-actions';
import { NotesTab } from '@/screens/order/notes-tab';
import { FoiSearch } from '@/screens/order/foi-search';
import { ZelleSection, type ZellePayment } from '@/features/order/zelle-section';
import { useShownDetail } from '@/ui/detail-tab';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { OrderRefused, RefundMsg } from '@/domain/order-actions';
import { amountField } from '@/domain/format';
import { renderAs } from './support';

/**
 * The order's and an offer's action groups (src/screens/order/order-actions.tsx, offer-actions.tsx)
 * with their charts restored from a snapshot as the order's read carries it, for a persona's
 * permissions; no server: a service touched is recorded and never answers. Moved from
 * tests/e2e/order-actions.spec.ts, order-settle.spec.ts, order-detail.spec.ts and
 * charge-zelle.spec.ts: the question each action asks, what its form refuses before anything is
 * sent, what a form opens with, and what a reader is not offered.
 */

/** An order of 25 USD with an e-mail, its chart's snapshot as its read carries it (the facts its store computes). */
function orderOf(id: number, status: string, facts: { totalRefundAllowed?: boolean; itemsFinished?: boolean; total?: number; email?: boolean } = {}): OrderRow {
  const input = { status, totalRefundAllowed: false, itemsFinished: false, total: 25, email: true, ...facts };
  return { id, totalPrice: input.total, currency: 'USD', email: input.email ? 'ana@correo.example' : null, paymentOrderlist: [{}], charts: [snapshotOf('order', input)] } as unknown as OrderRow;
}

function offerOf(order: OrderRow, price: number): Offer {
  const facts = { productType: 'SALDO', itemStatus: 'OPEN', compound: false };
  return {
    id: 31,
    orderId: order.id,
    title: 'Saldo de prueba',
    price,
    refunded: 0,
    charts: [snapshotOf('refund', { price, refunded: 0, ...facts }), snapshotOf('offer', { status: 'OPEN', previousStatus: null, creditHeld: true, price, refunded: 0, ...facts })],
  } as unknown as Offer;
}

const question = () => screen.getByRole('alertdialog', { name: 'Estas seguro?' });

describe("the order's actions", () => {
  it("fraude's 'Aprobar' on a RISK order asks about the order by its number; cancelling sends nothing and keeps the button", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('fraude', <OrderActions order={orderOf(4107, 'RISK')} onChanged={() => {}} />);
    const group = screen.getByRole('group', { name: 'Acciones de la orden 4107' });
    await user.click(within(group).getByRole('button', { name: 'Aprobar' }));
    await user.click(within(question()).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    expect(within(group).getByRole('button', { name: 'Aprobar' })).toBeEnabled();

    await user.click(within(group).getByRole('button', { name: 'Aprobar' }));
    expect(question()).toHaveTextContent('¿Aprobar la orden 4107?');
    expect(within(question()).getByRole('button', { name: 'Si, continuar!' })).toBeVisible();
    expect(touched).toEqual([]);
  });

  it("fraude's 'Cancelar orden' on a RISK order asks about the order by its number", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('fraude', <OrderActions order={orderOf(4108, 'RISK')} onChanged={() => {}} />);
    await user.click(within(screen.getByRole('group', { name: 'Acciones de la orden 4108' })).getByRole('button', { name: 'Cancelar orden' }));
    expect(question()).toHaveTextContent('¿Cancelar la orden 4108?');
    expect(touched).toEqual([]);
  });

  it('a reader is offered no order action: no group at all', () => {
    renderAs('lector', <OrderActions order={orderOf(4109, 'RISK')} onChanged={() => {}} />);
    expect(screen.queryByRole('group', { name: 'Acciones de la orden 4109' })).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it("'Cerrar si terminó' asks to close the order because all its items finished", async () => {
    const user = userEvent.setup();
    renderAs('admin', <OrderActions order={orderOf(5120, 'OPEN', { itemsFinished: true })} onChanged={() => {}} />);
    await user.click(within(screen.getByRole('group', { name: 'Acciones de la orden 5120' })).getByRole('button', { name: 'Cerrar si terminó' }));
    expect(question()).toHaveTextContent('¿Cerrar la orden 5120? Todos sus items terminaron.');
  });

  it("'Compensar' refuses a partial amount in words, beside the form, before any question", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('soporte', <OrderActions order={orderOf(6001, 'CLOSED', { itemsFinished: true })} onChanged={() => {}} />);
    await user.click(within(screen.getByRole('group', { name: 'Acciones de la orden 6001' })).getByRole('button', { name: 'Compensar' }));
    const compensation = screen.getByRole('dialog', { name: 'Compensar la orden 6001' });
    await user.click(within(compensation).getByLabelText('Parcial'));
    await user.type(within(compensation).getByLabelText('Monto (USD)'), 'diez');
    await user.click(within(compensation).getByRole('button', { name: 'Aceptar' }));
    expect(within(compensation).getByRole('alert')).toHaveTextContent(/^Ingrese un valor numerico!$/);
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    expect(touched).toEqual([]);
  });
});

describe("issue 38: the order's forms ask its chart before anything is sent", () => {
  it("'Compensar' refuses 180 on an order of 150 beside the form, with the server's text; nothing is asked or sent", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('soporte', <OrderActions order={orderOf(6002, 'CLOSED', { itemsFinished: true, total: 150 })} onChanged={() => {}} />);
    await user.click(within(screen.getByRole('group', { name: 'Acciones de la orden 6002' })).getByRole('button', { name: 'Compensar' }));
    const compensation = screen.getByRole('dialog', { name: 'Compensar la orden 6002' });
    await user.click(within(compensation).getByLabelText('Parcial'));
    await user.type(within(compensation).getByLabelText('Monto (USD)'), '180');
    await user.click(within(compensation).getByRole('button', { name: 'Aceptar' }));
    expect(within(compensation).getByRole('alert')).toHaveTextContent(/^La compensación no puede superar el total de la orden\.$/);
    expect(OrderRefused.compensationAboveTotal).toBe('La compensación no puede superar el total de la orden.');
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    expect(touched).toEqual([]);
    // What is typed stays; the total itself goes on to the question.
    await user.clear(within(compensation).getByLabelText('Monto (USD)'));
    await user.type(within(compensation).getByLabelText('Monto (USD)'), '150');
    await user.click(within(compensation).getByRole('button', { name: 'Aceptar' }));
    expect(question()).toHaveTextContent('¿Compensar con 150,00 USD al saldo del cliente la orden 6002?');
    expect(touched).toEqual([]);
  });

  it("'Notificar cierre' of an order without an e-mail, left empty, says so beside the form; an address typed goes on", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('soporte', <OrderActions order={orderOf(6003, 'CLOSED', { itemsFinished: true, email: false })} onChanged={() => {}} />);
    await user.click(within(screen.getByRole('group', { name: 'Acciones de la orden 6003' })).getByRole('button', { name: 'Notificar cierre' }));
    const dialog = screen.getByRole('dialog', { name: 'Notificar el cierre de la orden 6003' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^La orden no tiene correo: indique uno\.$/);
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Correo (vacío: el de la orden)'), 'ana@correo.example');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(question()).toBeVisible();
    expect(touched).toEqual([]);
  });
});

describe("an offer's actions", () => {
  it("'Reembolso parcial' refuses no amount, words, less than the minimum and more than the price, beside the form; nothing is sent", async () => {
    const user = userEvent.setup();
    const order = orderOf(7001, 'OPEN');
    const offer = offerOf(order, 20);
    const { touched } = renderAs('soporte', <OfferActions order={order} offer={offer} onChanged={() => {}} />);
    await user.click(within(screen.getByRole('group', { name: 'Acciones de la oferta Saldo de prueba' })).getByRole('button', { name: 'Reembolso parcial' }));
    const dialog = screen.getByRole('dialog', { name: 'Reembolso parcial de Saldo de prueba' });
    const amount = within(dialog).getByLabelText('Monto (USD)');
    const accept = within(dialog).getByRole('button', { name: 'Aceptar' });
    const refusal = async (typed: string, message: string) => {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(accept);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(new RegExp(`^${message.replace(/[.!]/g, '\\$&')}$`));
      expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    };
    await refusal('', RefundMsg.amountRequired);
    await refusal('abc', RefundMsg.numeric);
    await refusal('0.05', RefundMsg.amountInvalid);
    await refusal(String(offer.price + 1), RefundMsg.amountTooHigh);
    // A valid amount goes on to the question.
    await user.clear(amount);
    await user.type(amount, '1.50');
    await user.click(accept);
    expect(question()).toBeVisible();
    expect(touched).toEqual([]);
  });

  it("admin is offered the refunds and 'Pasar a credito', whose form opens with the offer's price", async () => {
    const user = userEvent.setup();
    const order = orderOf(7002, 'OPEN');
    const offer = offerOf(order, 12.5);
    renderAs('admin', <OfferActions order={order} offer={offer} onChanged={() => {}} />);
    const actions = screen.getByRole('group', { name: 'Acciones de la oferta Saldo de prueba' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Reembolso parcial', 'Reembolso total', 'Pasar a credito']);
    await user.click(within(actions).getByRole('button', { name: 'Pasar a credito' }));
    const dialog = screen.getByRole('dialog', { name: 'Pasar a crédito Saldo de prueba' });
    expect(within(dialog).getByLabelText('Monto (USD)')).toHaveValue(amountField(offer.price));
  });
});

const order = orderOf(8001, 'RISK');

/** Notas with no note yet (its list "read" at once, here). */
function Notes() {
  const tab = useShownDetail<NotesPage>(async () => ({ elements: [], totalElements: 0 }) as unknown as NotesPage);
  return <NotesTab tab={tab} order={{ ...order, accountId: 12 } as OrderRow} onCreated={() => {}} />;
}

describe('the order page\'s forms', () => {
  it("'Agregar nota' refuses an empty note, beside the form: 'Debe escribir la nota.', nothing sent", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('fraude', <Notes />);
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Debe escribir la nota\.$/);
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    expect(touched).toEqual([]);
  });

  it("a reader has no 'Agregar nota'", () => {
    renderAs('lector', <Notes />);
    expect(screen.queryByRole('button', { name: 'Agregar nota' })).toBeNull();
    expect(screen.queryByLabelText('Nueva nota')).toBeNull();
  });

  it("the item panel refuses a FOI Id that is not a number: 'El FOI Id debe ser un número.', nothing searched", async () => {
    const user = userEvent.setup();
    const { touched } = renderAs('fraude', <FoiSearch />);
    const form = screen.getByRole('search', { name: 'Buscar por item (FOI Id)' });
    await user.type(within(form).getByLabelText('FOI Id'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^El FOI Id debe ser un número\.$/);
    expect(touched).toEqual([]);
  });
});

/** A payment waiting for its Zelle transfer, with the registration's snapshot its read carries (the transfers' reads never answer here). */
function zellePayment(id: number, originOrderId: string, chargeApp?: string): ZellePayment {
  const registration = snapshotOf(zelleLink.name, { registered: false, linked: false, processed: false, orderStatus: 'PENDING_ZELLE_CONFIRM' });
  return { id, originOrderId, status: 'PENDING_ZELLE_CONFIRM', pasarela: 23, charts: [registration], ...(chargeApp ? { chargeApp } : {}) };
}

async function openRegistration(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(screen.getByRole('region', { name: 'Zelle' })).getByRole('button', { name: 'Registrar transferencia' }));
  return screen.getByRole('dialog', { name: 'Registrar transferencia Zelle' });
}

describe('the Zelle section', () => {
  it.each([
    ['paid with Zelle (its payment system)', { pasarela: 23, status: 'CLOSED' }, true],
    ['waiting for its Zelle transfer', { pasarela: 1, status: 'PENDING_ZELLE_CONFIRM' }, true],
    ['paid otherwise', { pasarela: 1, status: 'CLOSED' }, false],
  ] as const)('a reader sees the transfers of a payment %s, and nothing to act on', (_name, payment, shown) => {
    renderAs('lector', <ZelleSection order={{ ...zellePayment(9003, 'A000009003'), ...payment }} onChanged={() => {}} />);
    expect(screen.queryByRole('region', { name: 'Zelle' }) !== null).toBe(shown);
    expect(screen.queryByRole('button', { name: 'Registrar transferencia' })).toBeNull();
  });
});

describe('the Zelle registration', () => {
  it("on an order: a transfer without the sender's name is refused with the contract's message, nothing asked", async () => {
    const user = userEvent.setup();
    renderAs('fraude', <ZelleSection order={zellePayment(9001, 'A000009001')} onChanged={() => {}} />);
    const form = await openRegistration(user);
    await user.clear(within(form).getByLabelText('Código de referencia (vacío: sin vincular)'));
    await user.click(within(form).getByRole('button', { name: 'Aceptar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(/^Debe indicar el nombre de quien envía\.$/);
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
  });

  it("on a charge order: USD, opened with its reference code; a zero amount is refused; without the code the question says 'sin vincular'", async () => {
    const user = userEvent.setup();
    renderAs('fraude', <ZelleSection order={zellePayment(9002, 'A000009002', 'cubacel')} onChanged={() => {}} />);
    const form = await openRegistration(user);
    expect(form).toHaveTextContent('Moneda: USD');
    const reference = within(form).getByLabelText('Código de referencia (vacío: sin vincular)');
    expect(reference).toHaveValue('A000009002');
    await user.clear(reference);
    await user.type(within(form).getByLabelText('Nombre'), 'Remitente de prueba');
    await user.type(within(form).getByLabelText('Monto (USD)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Aceptar' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(/^El monto debe ser mayor que 0, con 2 decimales como máximo, y no superar 1000000\.$/);
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    await user.clear(within(form).getByLabelText('Monto (USD)'));
    await user.type(within(form).getByLabelText('Monto (USD)'), '21.50');
    await user.type(within(form).getByLabelText('Desde'), 'remitente@correo.example');
    await user.type(within(form).getByLabelText('Hacia'), 'pagos@cubacel.example');
    await user.click(within(form).getByRole('button', { name: 'Aceptar' }));
    expect(question()).toHaveTextContent('¿Registrar la transferencia de Remitente de prueba por 21,50 USD sin vincular?');
  });
});

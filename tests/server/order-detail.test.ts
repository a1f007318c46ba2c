import { describe, expect, it } from 'vitest';
import { TEST_NOW } from '../support/server';
import { AppliedRulesResponse, OfferItemsResponse, OffersResponse, PaymentOrderResponse, PendingRefundsResponse, RelatedAccountsResponse, TotalClosedResponse } from '@/api/contract/order-detail';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { orderDetailServer } from '../support/order-detail-server';

const { server, tokens, risk, k, expectError, json } = orderDetailServer();

describe('GET /orders/secured/fo/list and items/list', () => {
  it('lists the offers of the order with the product and status of their item', async () => {
    const { data } = await json(OffersResponse, await server.get(`/orders/secured/fo/list?orderId=${risk.id}`, tokens.fraude));
    const offers = await k().selectFrom('fulfillment_orders').selectAll().where('order_id', '=', risk.id).orderBy('id').execute();
    expect(offers.length).toBeGreaterThan(0);
    expect(data.elements.map((o) => o.id)).toEqual(offers.map((o) => o.id));
    for (const offer of data.elements) {
      const row = offers.find((o) => o.id === offer.id)!;
      const item = await k().selectFrom('order_items').selectAll().where('fulfillment_order_id', '=', offer.id).executeTakeFirstOrThrow();
      expect(offer).toMatchObject({
        orderId: risk.id,
        title: row.title,
        status: row.status,
        listPrice: row.list_price,
        discount: row.discount,
        price: row.price,
        refunded: row.refunded,
        credited: row.credited,
        startDate: row.start_date,
        productType: item.product_type,
        itemStatus: item.status,
      });
    }
  });

  it("lists an offer's items", async () => {
    const offer = await k().selectFrom('fulfillment_orders').select('id').where('order_id', '=', risk.id).executeTakeFirstOrThrow();
    const { data } = await json(OfferItemsResponse, await server.get(`/orders/secured/items/list?foId=${offer.id}`, tokens.operaciones));
    const items = await k().selectFrom('order_items').selectAll().where('fulfillment_order_id', '=', offer.id).execute();
    expect(data.elements).toHaveLength(items.length);
    expect(data.elements[0]).toMatchObject({
      id: items[0]!.id,
      status: items[0]!.status,
      productType: items[0]!.product_type,
      amount: items[0]!.amount,
      tries: items[0]!.tries,
      trackingNumber: items[0]!.tracking_number,
      provider: items[0]!.provider,
      orderData: { destination: items[0]!.destination, currency: items[0]!.currency },
    });
  });

  it('names the account an account-to-account item goes to', async () => {
    const item = await k()
      .selectFrom('order_items')
      .select(['fulfillment_order_id', 'destination'])
      .where('product_type', 'in', ['TRANSFER', 'CREDIT_TO_USER', 'REQUEST'])
      .where('fulfillment_order_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const account = await k().selectFrom('accounts').select(['id', 'first_name']).where('id', '=', Number(item.destination)).executeTakeFirst();
    const { data } = await json(OfferItemsResponse, await server.get(`/orders/secured/items/list?foId=${item.fulfillment_order_id}`, tokens.admin));
    if (account) {
      expect(data.elements[0]!.orderData.destinationAccountId).toBe(account.id);
      expect(data.elements[0]!.orderData.destinationName).toContain(account.first_name);
    } else {
      expect(data.elements[0]!.orderData.destinationAccountId).toBeNull();
    }
  });

  it('answers empty lists for an order or offer without data, and 400 for a bad id', async () => {
    expect((await json(OffersResponse, await server.get('/orders/secured/fo/list?orderId=999999', tokens.admin))).data.elements).toEqual([]);
    expect((await json(OfferItemsResponse, await server.get('/orders/secured/items/list?foId=999999', tokens.admin))).data.elements).toEqual([]);
    await expectError(await server.get('/orders/secured/fo/list', tokens.admin), 400, 'invalid_request', 'Debe indicar la orden.');
    await expectError(await server.get('/orders/secured/fo/list?orderId=abc', tokens.admin), 400, 'invalid_request', 'La orden debe ser un número.');
    await expectError(await server.get('/orders/secured/fo/list?orderId=', tokens.admin), 400, 'invalid_request', 'Debe indicar la orden.');
    await expectError(await server.get('/orders/secured/items/list?foId=1.5', tokens.admin), 400, 'invalid_request', 'La oferta debe ser un número.');
  });
});

describe('GET /orders/secured payments: rules/list, paymentOrder, related accounts, pendingrefund', () => {
  it('lists the applied charge rules', async () => {
    const { data } = await json(AppliedRulesResponse, await server.get(`/orders/secured/rules/list?orderId=${risk.id}`, tokens.fraude));
    const rows = await k().selectFrom('applied_charge_rules').selectAll().where('order_id', '=', risk.id).orderBy('payment_date').execute();
    const { email } = await k().selectFrom('orders').select('email').where('id', '=', risk.id).executeTakeFirstOrThrow();
    expect(data.elements).toEqual(
      rows.map((r) => ({
        id: r.id,
        transactionId: r.transaction_id,
        status: r.status,
        amount: r.amount,
        paymentDate: r.payment_date,
        responseMessage: r.response_message,
        threeDSecure: r.three_d_secure,
        merchantId: r.merchant_id,
        // The reference server's: the rule's chart in the gateway's status (issue 25, part E), whether its order has an e-mail and
        // where its e-mails went within the resend window (issue 38; none here).
        charts: [{ chart: 'paymentRule', state: r.status, facts: { email: email !== null, sentWithin: { payment: [], refund: [] } } }],
      })),
    );
    expect(data.elements[0]?.status).toBe('AUTHORIZED');
  });

  it('lists the payment elements; a card is blacklisted when its unique number identifier is a CARD entry', async () => {
    const payment = await k()
      .selectFrom('payment_orders')
      .selectAll()
      .where('unique_number_identifier', 'is not', null)
      .where('order_id', '!=', risk.id)
      .orderBy('order_id', 'desc')
      .executeTakeFirstOrThrow();
    const path = `/orders/secured/paymentOrder?orderId=${payment.order_id}`;
    const before = await json(PaymentOrderResponse, await server.get(path, tokens.fraude));
    expect(before.data.elements).toHaveLength(1);
    expect(before.data.elements[0]).toMatchObject({
      paymentMethodType: payment.payment_method_type,
      nonceType: payment.nonce_type,
      cardType: payment.card_type,
      firstSix: payment.first_six,
      lastFour: payment.last_four,
      isDebit: payment.is_debit === 1,
      issuingBank: payment.issuing_bank,
      uniqueNumberIdentifier: payment.unique_number_identifier,
      blacklisted: false,
      amount: payment.amount,
    });
    await k().insertInto('blacklist_entries').values({ type: 'CARD', value: payment.unique_number_identifier!, account_id: null, created: new Date(TEST_NOW).toISOString() }).execute();
    const after = await json(PaymentOrderResponse, await server.get(path, tokens.fraude));
    expect(after.data.elements[0]!.blacklisted).toBe(true);
  });

  it('lists the other accounts that paid with the same first six and last four', async () => {
    const mine = await k()
      .selectFrom('payment_orders as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select(['p.order_id', 'p.first_six', 'p.last_four', 'o.account_id'])
      .where('p.first_six', 'is not', null)
      .orderBy('p.order_id')
      .executeTakeFirstOrThrow();
    const other = await k()
      .selectFrom('orders')
      .select(['id', 'account_id'])
      .where('account_id', '!=', mine.account_id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await k().updateTable('payment_orders').set({ first_six: mine.first_six, last_four: mine.last_four }).where('order_id', '=', other.id).execute();
    const { data } = await json(
      RelatedAccountsResponse,
      await server.get(`/orders/secured/getAccountsRelatedToOrderByPaymentMethod?orderId=${mine.order_id}`, tokens.fraude),
    );
    const expected = await k()
      .selectFrom('payment_orders as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select('o.account_id')
      .where('p.first_six', '=', mine.first_six)
      .where('p.last_four', '=', mine.last_four)
      .where('o.account_id', '!=', mine.account_id)
      .distinct()
      .execute();
    expect(data.elements.map((a) => a.accountId).sort()).toEqual(expected.map((e) => e.account_id).sort());
    expect(data.elements.map((a) => a.accountId)).toContain(other.account_id);
    expect(data.elements.map((a) => a.accountId)).not.toContain(mine.account_id);
    expect(data.elements.every((a) => a.orders >= 1 && a.name !== '')).toBe(true);
  });

  it('lists the pending refunds', async () => {
    const refund = await k().selectFrom('pending_refunds').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const { data } = await json(PendingRefundsResponse, await server.get(`/orders/secured/pendingrefund?orderId=${refund.order_id}`, tokens.soporte));
    expect(data.elements).toContainEqual({
      id: refund.id,
      createdDate: refund.created_date,
      amount: refund.amount,
      total: refund.total === 1,
      status: refund.status,
      refundItem: refund.refund_item === 1,
      toCredit: refund.to_credit === 1,
    });
  });
});

describe('GET /orders/secured/orders/totalClosed', () => {
  it("sums the customer's CLOSED orders", async () => {
    const account = await k()
      .selectFrom('orders')
      .select('account_id')
      .where('status', '=', 'CLOSED')
      .groupBy('account_id')
      .having((eb) => eb.fn.countAll(), '>', 2)
      .executeTakeFirstOrThrow();
    const closed = await k().selectFrom('orders').select('total_price').where('account_id', '=', account.account_id).where('status', '=', 'CLOSED').execute();
    const expected = Math.round(closed.reduce((sum, o) => sum + o.total_price, 0) * 100) / 100;
    const { data } = await json(TotalClosedResponse, await server.get(`/orders/secured/orders/totalClosed?accountId=${account.account_id}`, tokens.entregas));
    expect(data.totalUsd).toBeCloseTo(expected, 2);
    expect(data.totalUsd).toBeGreaterThan(0);
  });

  it('404 for an unknown account, 400 without one', async () => {
    await expectError(await server.get('/orders/secured/orders/totalClosed?accountId=999999', tokens.admin), 404, 'not_found', 'No se encontró el usuario 999999.');
    await expectError(await server.get('/orders/secured/orders/totalClosed', tokens.admin), 400, 'invalid_request', 'Debe indicar el usuario.');
  });
});

describe('orders detail access', () => {
  const paths = () => [
    `/orders/secured/fo/list?orderId=${risk.id}`,
    '/orders/secured/items/list?foId=1',
    `/orders/secured/rules/list?orderId=${risk.id}`,
    `/orders/secured/paymentOrder?orderId=${risk.id}`,
    `/orders/secured/getAccountsRelatedToOrderByPaymentMethod?orderId=${risk.id}`,
    `/orders/secured/pendingrefund?orderId=${risk.id}`,
    `/orders/secured/notes/list?orderId=${risk.id}`,
    `/orders/secured/orders/totalClosed?accountId=${risk.accountId}`,
  ];

  it('401 without a token, 403 without CRM2_VIEW_ORDERS', async () => {
    for (const path of paths()) {
      await expectError(await server.get(path), 401, 'invalid_token');
      // Reads other pages show as well name those pages' permissions too (issue 38: the charge order's, the customer's, the call's).
      const denied = path.includes('totalClosed')
        ? [Permission.VIEW_ORDERS, Permission.VIEW_CUSTOMERS, Permission.VIEW_UPG, Permission.VIEW_CALLS].join(' o ')
        : path.includes('paymentOrder')
          ? `${Permission.VIEW_ORDERS} o ${Permission.VIEW_UPG}`
          : Permission.VIEW_ORDERS;
      await expectError(await server.get(path, tokens.sinacceso), 403, 'access_denied', Msg.missingPermission(denied));
    }
  });

  it('every view persona with orders reads them (readers too)', async () => {
    for (const persona of ['operaciones', 'entregas', 'lector'] as const) {
      for (const path of paths()) expect((await server.get(path, tokens[persona])).status, `${persona} ${path}`).toBe(200);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { bankModel, homeModel, TRACKING } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import type { BankRemittanceEvent } from '@/machines/items/bank-remittance.machine';
import { ItemRefused } from '@/domain/order-status';
import type { ItemSubject } from '@/machines/items/item';
import { remittanceServer } from '../support/remittance-server';

const { k, message, remittanceItem, resetBank, resetHome, count, observe, statusOf, sendBank, prepareHome, sendHome } = remittanceServer();

describe('bank remittance chart against the server', () => {
  walkAgainstServer<ItemSubject>({
    model: bankModel,
    reset: async (input) => {
      const item = await remittanceItem('REMESA_BANCARIA', 0, String(input.orderStatus));
      await resetBank(item, String(input.status));
      return item;
    },
    // The item's provider is the model's where an event names one: its own where the chart refuses
    // it, another where it takes it (the button's event, naming none, moved it elsewhere).
    prepare: async (item, event, refused) => {
      const asked = (event as { provider?: string }).provider;
      if (event.type !== 'item.modifyProvider' || asked === undefined) return;
      const { provider } = await k().selectFrom('order_items').select('provider').where('id', '=', item.id).executeTakeFirstOrThrow();
      if (refused !== (provider === asked)) await k().updateTable('order_items').set({ provider: refused ? asked : 'METROPOLITANO' }).where('id', '=', item.id).execute();
    },
    send: (item, event) => sendBank(item, event as BankRemittanceEvent),
    stateOf: (item) => statusOf(item.id),
    observe,
    idOf: (item) => item.id,
    stepped: async (item, before) => expect(await count('transitions', item)).toBe((before as { transitions: number }).transitions + 1),
  });
});

describe('home remittance chart against the server', () => {
  walkAgainstServer<ItemSubject>({
    model: homeModel,
    reset: async (input) => {
      const item = await remittanceItem('REMESA_A_DOMICILIO', 0, String(input.orderStatus));
      await resetHome(item, String(input.status), input.trackingNumber as string | null);
      return item;
    },
    prepare: prepareHome,
    send: sendHome,
    stateOf: (item) => statusOf(item.id),
    observe,
    idOf: (item) => item.id,
    stepped: async (item, before) => expect(await count('transitions', item)).toBe((before as { transitions: number }).transitions + 1),
  });
});

describe('payouts wait for the order’s risk review (docs/decisions.md)', () => {
  it.each(['RISK', 'DUPLICATE_RISK', 'RISK_CONTROL'])('approving a MANUAL bank remittance of an order in %s is a 409 that says why: nothing changes, no audit row, the bank is not asked', async (orderStatus) => {
    const bank = await remittanceItem('REMESA_BANCARIA', 5);
    await resetBank(bank, 'MANUAL');
    await k().updateTable('orders').set({ status: orderStatus }).where('id', '=', bank.orderId).execute();
    const before = await observe(bank);
    const response = await sendBank(bank, { type: 'item.approve' });
    expect(response.status).toBe(409);
    expect(await message(response)).toBe(ItemRefused.orderInReview);
    expect(await observe(bank)).toEqual(before);
    // Once the fraud analyst approves the order, the same request pays out.
    await k().updateTable('orders').set({ status: 'OPEN' }).where('id', '=', bank.orderId).execute();
    expect((await sendBank(bank, { type: 'item.approve' })).status).toBe(200);
    expect(await statusOf(bank.id)).toBe('TO_ACTIVATE');
  });

  it('a home remittance is neither approved nor delivered while its order is in RISK; its address can still be fixed', async () => {
    const home = await remittanceItem('REMESA_A_DOMICILIO', 5);
    await resetHome(home, 'MANUAL', TRACKING);
    await k().updateTable('orders').set({ status: 'RISK' }).where('id', '=', home.orderId).execute();
    const before = await observe(home);
    const approve = await sendHome(home, { type: 'item.approve' });
    expect([approve.status, await message(approve)]).toEqual([409, ItemRefused.orderInReview]);
    expect(await observe(home)).toEqual(before);
    expect((await sendHome(home, { type: 'item.modifyDestination' })).status).toBe(200);
    await resetHome(home, 'IN_TRANSIT', TRACKING);
    const deliver = await sendHome(home, { type: 'item.deliver' });
    expect([deliver.status, await message(deliver)]).toEqual([409, ItemRefused.orderInReview]);
    expect(await statusOf(home.id)).toBe('IN_TRANSIT');
  });
});

import { describe, expect, it } from 'vitest';
import { remittanceServer } from '../support/remittance-server';

/**
 * Four-eyes' window for remittance approvals (issue 28 §4, docs/decisions.md "Issue 28, four-eyes
 * that cannot be split"): the amount of an approval is the remittance's own value, so approving the
 * same remittance again (it went back to processing) does not add to the sum; two remittances of
 * one order approved by one person do.
 */

const { k, postJson, remittanceItem, resetBank } = remittanceServer();
const approve = (id: number) => postJson('/orders/secured/remesa-to-bank/update-status', { fulfillmentOrderItemStatus: 'TO_ACTIVATE', fulfillmentOrderItemIds: [id], log: 'prueba' });
const ledgerOf = (orderId: number) => k().selectFrom('four_eyes_ledger').select(['entity_id', 'amount']).where('doc_id', '=', String(orderId)).orderBy('id').execute();

describe('remittance approvals in the window', () => {
  it('the same remittance approved again counts once; a second remittance of the order adds up and waits', async () => {
    const first = await remittanceItem('REMESA_BANCARIA', 0);
    await k().updateTable('order_items').set({ amount: 300, currency: 'USD' }).where('id', '=', first.id).execute();
    for (let round = 0; round < 3; round++) {
      await resetBank(first, 'MANUAL');
      const r = await approve(first.id);
      expect(r.status, await r.clone().text()).toBe(200);
    }
    expect((await ledgerOf(first.orderId)).map((l) => l.amount)).toEqual([300, 300, 300]);

    // Another remittance moved into the same order: 300 + 250 = 550 by one person, it waits naming the first.
    const second = await remittanceItem('REMESA_BANCARIA', 1);
    await k().updateTable('order_items').set({ amount: 250, currency: 'USD', order_id: first.orderId }).where('id', '=', second.id).execute();
    await resetBank(second, 'MANUAL');
    const waits = await approve(second.id);
    expect(waits.status).toBe(202);
    const { approval } = (await waits.json()) as { approval: { window: { sumUsd: number; earlier: { entityId: string; amount: number }[] } } };
    expect(approval.window).toMatchObject({ sumUsd: 550, earlier: [{ entityId: String(first.id), amount: 300 }] });
  });
});

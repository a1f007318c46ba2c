import { bind, type Store, type Trx } from '../lifecycle/binding';
import { changedMeanwhile } from '../refusals';
import { iso } from '../clock';
import { customerOrThrow } from './account-data';
import { addCardAttempts } from './customer-history';
import { AddedCardsMsg, addedCardsStatus } from '@/domain/cards';
import { addedCards } from '@/machines/customer/added-cards.machine';

/**
 * A customer's attempts to add a card: limited after 10 failed ones not cleared. A reset marks the
 * failed ones cleared (they stay readable in the popup and the log says how many), so the
 * customer may try again; with nothing to clear the chart refuses it (409).
 */

type Attempts = { id: number; failed: number };

async function attemptsOf(trx: Trx, accountId: number): Promise<Attempts> {
  const { id } = await customerOrThrow(trx, accountId);
  const row = await trx.selectFrom('add_card_attempts').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', id).where('was_added', '=', 0).where('cleared_at', 'is', null).executeTakeFirstOrThrow();
  return { id, failed: Number(row.n) };
}

const attemptsStore: Store<Attempts, { accountId: number }> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  find: async (trx, key) => [await attemptsOf(trx, key.accountId)],
  input: async (_trx, r) => ({ status: addedCardsStatus(r.failed) }),
  save: async () => {},
};

export const addedCardsBinding = bind<Attempts, { accountId: number }>({
  lifecycle: addedCards,
  store: attemptsStore,
  handlers: {
    reset: {
      async perform({ trx, ctx, record }) {
        const cleared = await trx.updateTable('add_card_attempts').set({ cleared_at: iso(ctx.now) }).where('account_id', '=', record.id).where('was_added', '=', 0).where('cleared_at', 'is', null).executeTakeFirst();
        // Two resets at once: the second finds nothing left to clear.
        if (Number(cleared.numUpdatedRows) !== record.failed) throw changedMeanwhile(AddedCardsMsg.none);
        return {
          description: `Intentos de agregar tarjeta restablecidos: cliente ${record.id} (${record.failed} fallidos)`,
          before: { failedAttempts: record.failed },
          after: { failedAttempts: 0 },
          data: await addCardAttempts(trx, record.id),
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});

import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { changedMeanwhile } from '../refusals';
import { iso } from '../clock';
import { customerCards, customerOrThrow } from './account-data';
import { listingsMoved } from './blacklist';
import type { DecontaminateBody, FraudState } from '@/api/contract/customer-fraud';
import { CONTAMINATED_RELIABILITY, FraudMsg } from '@/domain/customer-fraud';
import { reliabilityLabel } from '@/domain/reliability';
import { customerFraud } from '@/machines/customer/fraud.machine';

/**
 * A customer's card-fraud contamination, read from the blacklist: contaminated while any of their
 * saved cards is listed. Both moves write the cards and the honesty in one transaction, guarded
 * against a colleague's change at the same time (409).
 */

type Suspect = { id: number; reliability: number; cards: string[]; listed: string[] };
type Key = { accountId: number };

/** The customer's saved cards (by their unique number) and which of them the blacklist holds. */
async function suspectOf(trx: Trx, accountId: number): Promise<Suspect> {
  const { id, reliability } = await customerOrThrow(trx, accountId);
  const cards = await customerCards(trx, accountId);
  return { id, reliability, cards: cards.map((c) => c.value), listed: cards.filter((c) => c.listed).map((c) => c.value) };
}

const fraudStore: Store<Suspect, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  find: async (trx, key) => [await suspectOf(trx, key.accountId)],
  input: async (_trx, r) => ({ status: r.listed.length > 0 ? 'contaminated' : 'clean', cards: r.cards.length }),
  save: async () => {},
};

/** Sets the honesty over the one read (409 when a colleague changed it meanwhile). */
async function setReliability(trx: Trx, record: Suspect, reliability: number) {
  const updated = await trx.updateTable('accounts').set({ reliability }).where('id', '=', record.id).where('reliability', '=', record.reliability).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(FraudMsg.concurrent);
}

export const customerFraudBinding = bind<Suspect, Key>({
  lifecycle: customerFraud,
  store: fraudStore,
  handlers: {
    contaminate: {
      async perform({ trx, ctx, record }) {
        await listingsMoved(trx, ctx, record.id, 'CARD', record.cards, true);
        const created = iso(ctx.now);
        const inserted = await trx
          .insertInto('blacklist_entries')
          .values(record.cards.map((value) => ({ type: 'CARD', value, account_id: record.id, created })))
          .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
          .returning('value')
          .execute();
        if (inserted.length !== record.cards.length) throw changedMeanwhile(FraudMsg.concurrent);
        await setReliability(trx, record, CONTAMINATED_RELIABILITY);
        const state: FraudState = { accountId: record.id, reliability: CONTAMINATED_RELIABILITY, cardsListed: record.cards.length };
        return {
          description: `Contaminado por fraude: cliente ${record.id} (${record.cards.length} tarjetas a la lista negra; honestidad ${reliabilityLabel(record.reliability)} → ${reliabilityLabel(CONTAMINATED_RELIABILITY)})`,
          before: { reliability: record.reliability, cardsListed: 0 },
          after: { reliability: CONTAMINATED_RELIABILITY, cardsListed: record.cards.length },
          data: state,
        };
      },
    },
    decontaminate: {
      async perform({ trx, ctx, record, request }) {
        const { reliability } = bodyOf<DecontaminateBody>(request);
        await listingsMoved(trx, ctx, record.id, 'CARD', record.listed, false);
        const removed = await trx.deleteFrom('blacklist_entries').where('type', '=', 'CARD').where('value', 'in', record.listed).executeTakeFirst();
        if (Number(removed.numDeletedRows) !== record.listed.length) throw changedMeanwhile(FraudMsg.concurrent);
        await setReliability(trx, record, reliability);
        const state: FraudState = { accountId: record.id, reliability, cardsListed: 0 };
        return {
          description: `Descontaminado: cliente ${record.id} (${record.listed.length} tarjetas fuera de la lista negra; honestidad ${reliabilityLabel(record.reliability)} → ${reliabilityLabel(reliability)})`,
          before: { reliability: record.reliability, cardsListed: record.listed.length },
          after: { reliability, cardsListed: 0 },
          data: state,
        };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});

import { sql } from 'kysely';
import { bind, type ActionContext, type Store, type Trx } from '../lifecycle/binding';
import { recordMoved } from '../lifecycle/first-moments';
import { changedMeanwhile, notFound } from '../refusals';
import { iso } from '../clock';
import { customerOrThrow } from './account-data';
import { withinCustomer } from './entity-names';
import { ListingRefused, type ListingKind } from '@/domain/customer-blacklist';
import { maskCard } from '@/domain/format';
import { formatPhone } from '@/domain/phones';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { blacklistEntry } from '@/machines/settings/list-entry.machine';

/**
 * A customer's card or phone on the blacklist. The value must be the customer's own (a saved
 * card, a card that paid one of their orders, one of their phones): another customer's card named
 * with this customer's id is refused as not found. The listing is the blacklist row itself; the
 * move inserts or deletes it, guarded against a colleague's change at the same time (409).
 */

type Key = { accountId: number; kind: ListingKind; value: string };
type Listing = Key & { entryId: number | null };

const caption = (r: Key) => (r.kind === 'CARD' ? maskCard(r.value) : formatPhone(r.value));

async function isTheirs(trx: Trx, key: Key): Promise<boolean> {
  if (key.kind === 'PHONE') {
    return Boolean(await trx.selectFrom('user_numbers').select('id').where('account_id', '=', key.accountId).where('phone_number', '=', key.value).executeTakeFirst());
  }
  const saved = await trx.selectFrom('payment_methods').select('id').where('account_id', '=', key.accountId).where('unique_number_identifier', '=', key.value).executeTakeFirst();
  if (saved) return true;
  const paid = await trx
    .selectFrom('payment_orders as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(sql<number>`1`.as('one'))
    .where('o.account_id', '=', key.accountId)
    .where('p.unique_number_identifier', '=', key.value)
    .executeTakeFirst();
  return Boolean(paid);
}

/**
 * A customer's values written onto or off the blacklist (this page's toggle, a fraud contamination)
 * are the general blacklist's values too: each moves on its chart (blacklistEntry, issue 40 §5) as
 * Settings' 'Agregar' and 'Eliminar' move it, first moment once before an add, stored before the write.
 */
export async function listingsMoved(trx: Trx, ctx: ActionContext, accountId: number, kind: ListingKind, values: readonly string[], listed: boolean) {
  const event = { type: listed ? 'entry.add' : 'entry.remove' };
  for (const value of values) await recordMoved({ trx, ctx, key: { type: kind, value, accountId }, event, once: listed }, [blacklistEntry.name]);
}

const listingStore: Store<Listing, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.accountId),
  idOf: (r) => withinCustomer(r.accountId, caption(r)),
  async find(trx, key) {
    await customerOrThrow(trx, key.accountId);
    if (!(await isTheirs(trx, key))) throw notFound(key.kind === 'CARD' ? ListingRefused.card(key.accountId) : ListingRefused.phone(formatPhone(key.value), key.accountId));
    const entry = await trx.selectFrom('blacklist_entries').select('id').where('type', '=', key.kind).where('value', '=', key.value).executeTakeFirst();
    return [{ ...key, entryId: entry?.id ?? null }];
  },
  input: async (_trx, r) => ({ status: r.entryId === null ? 'clear' : 'listed', kind: r.kind }),
  async save(trx, move, ctx) {
    const r = move.record;
    await listingsMoved(trx, ctx, r.accountId, r.kind, [r.value], move.to === 'listed');
    if (move.to === 'listed') {
      const inserted = await trx
        .insertInto('blacklist_entries')
        .values({ type: r.kind, value: r.value, account_id: r.accountId, created: iso(ctx.now) })
        .onConflict((oc) => oc.columns(['type', 'value']).doNothing())
        .returning('id')
        .execute();
      if (inserted.length !== 1) throw changedMeanwhile(ListingRefused.concurrent);
    } else {
      const removed = await trx.deleteFrom('blacklist_entries').where('id', '=', r.entryId!).executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) throw changedMeanwhile(ListingRefused.concurrent);
    }
  },
};

export const customerBlacklistBinding = bind<Listing, Key>({
  lifecycle: customerBlacklist,
  store: listingStore,
  handlers: {},
  describe: (row, r) => `${row.label}: ${r.kind === 'CARD' ? 'tarjeta' : 'teléfono'} ${caption(r)} del cliente ${r.accountId}`,
  answer: () => ({ changed: 1 }),
});

import type { Kysely, Transaction } from 'kysely';
import { initialTransition, transition, type AnyStateMachine, type EventObject } from 'xstate';
import type { Database } from '../db/schema';
import type { Principal } from '../deps';
import { accessDenied, conflict, notFound } from '../http';
import { iso } from '../clock';
import { recordMutation } from './audit';
import { Permission } from '@/domain/permissions';
import { Msg } from '@/domain/messages';
import type { ItemTransition } from '@/api/contract/items';

type Trx = Transaction<Database>;

/** Why an item move is refused when someone changed the item meanwhile. */
export const ITEM_CHANGED = 'Otra persona modificó el item al mismo tiempo. Recargue y vuelva a intentarlo.';

export interface ItemActionContext {
  db: Kysely<Database>;
  principal: Principal;
  now: number;
}

/** 403 unless the principal holds the editor flag and every permission the action needs. */
export function requireItemPermission(principal: Principal, ...permissions: string[]): void {
  if (!principal.permissions.has(Permission.EDITOR)) throw accessDenied(Msg.notReader);
  const missing = permissions.find((p) => !principal.permissions.has(p));
  if (missing) throw accessDenied(Msg.missingPermission(missing));
}

/** The item as a move needs it. */
export async function loadItem(trx: Trx | Kysely<Database>, id: number, productTypes?: readonly string[]) {
  const item = await trx.selectFrom('order_items').selectAll().where('id', '=', id).executeTakeFirst();
  if (!item || (productTypes && !productTypes.includes(item.product_type))) throw notFound(`El item ${id} no existe.`);
  return item;
}
export type ItemRecord = Awaited<ReturnType<typeof loadItem>>;

export interface ItemMove {
  /** The chart: its input is `{ status, permissions, ...input }` and its states are the item statuses. */
  machine: AnyStateMachine;
  /** The chart's name as QA reads it in the transitions (`bankRemittanceItem`). */
  name: string;
  item: ItemRecord;
  /** What the chart reads besides the status and the permissions (an expired offer, a tracking number…). */
  input?: Record<string, unknown>;
  event: EventObject;
  /** The spec's Spanish reason when the chart refuses the event in the item's status (409). */
  refused: string;
  /** The action log's description. */
  description: string;
  /** Other fields the action changed, for the action log (only the changed ones are kept). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** The chart of an item in its stored status, for this staff member. */
export function itemSnapshot(machine: AnyStateMachine, item: { status: string }, principal: Principal, input: Record<string, unknown> = {}) {
  return initialTransition(machine, { ...input, status: item.status, permissions: [...principal.permissions] } as never)[0];
}

/**
 * Moves an item along its chart, in the caller's transaction: the chart says whether the event is
 * legal now (409 with the spec's reason otherwise), the status only changes if nobody changed it
 * meanwhile, and the transition row, the action log and the audit row are written with it. A
 * move that keeps the status (a destination edit) is recorded too.
 */
export async function moveItem(trx: Trx, ctx: ItemActionContext, move: ItemMove): Promise<string> {
  const snapshot = itemSnapshot(move.machine, move.item, ctx.principal, move.input);
  if (!snapshot.can(move.event)) throw conflict(move.refused);
  const [next] = transition(move.machine, snapshot, move.event);
  const to = String(next.value);
  const from = move.item.status;
  if (to !== from) {
    const updated = await trx.updateTable('order_items').set({ status: to }).where('id', '=', move.item.id).where('status', '=', from).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(ITEM_CHANGED);
  }
  await trx
    .insertInto('item_transitions')
    .values({
      machine: move.name,
      item_id: move.item.id,
      order_id: move.item.order_id,
      from_status: from,
      event: move.event.type,
      to_status: to,
      actor_id: ctx.principal.accountId,
      actor_email: ctx.principal.email ?? ctx.principal.username,
      at: iso(ctx.now),
    })
    .execute();
  await recordMutation(
    trx,
    ctx.principal,
    {
      docCode: 'ORDER',
      docId: String(move.item.order_id),
      action: `${move.name}.${move.event.type}`,
      description: move.description,
      before: { item: move.item.id, status: from, ...move.before },
      after: { item: move.item.id, status: to, ...move.after },
    },
    ctx.now,
  );
  return to;
}

/** The item transitions of an order (or of one item), newest first. */
export async function listItemTransitions(db: Kysely<Database>, q: { orderId: number; itemId?: number | undefined }): Promise<ItemTransition[]> {
  let query = db.selectFrom('item_transitions').selectAll().where('order_id', '=', q.orderId);
  if (q.itemId !== undefined) query = query.where('item_id', '=', q.itemId);
  const rows = await query.orderBy('id', 'desc').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    machine: r.machine,
    itemId: r.item_id,
    orderId: r.order_id,
    from: r.from_status,
    event: r.event,
    to: r.to_status,
    actorEmail: r.actor_email,
    at: r.at,
  }));
}

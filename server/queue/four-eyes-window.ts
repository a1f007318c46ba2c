import type { Selectable } from 'kysely';
import type { FourEyesLedgerTable } from '../db/schema-queues';
import type { Trx } from '../db/types';
import type { ActionContext, Binding, GatePass, RecordGateArgs } from '../lifecycle/binding';
import { iso } from '../clock';
import type { ApprovalWindow } from '@/api/contract/approval-requested';
import { fourEyesKind, fourEyesOncePerEntity, usdEquivalent } from '@/domain/approvals';
import type { AnyRow } from '@/machines/lifecycle/table';

/**
 * Four-eyes that cannot be split (issue 28 §4). The threshold weighs what ONE person does of ONE
 * kind (src/domain/approvals.ts `fourEyesKind`: a partial and a full refund are one kind) to ONE
 * customer or order (the record's document) within a rolling window (FOUR_EYES_WINDOW_HOURS): a
 * request counts with the earlier ones, and the one that brings the sum over the threshold waits,
 * naming them. What counts is what was done without a second person: every record a four-eyes row
 * moves is written to the ledger by the move's own transaction (the record gate's `moved`), except
 * when the move runs an approved request (another person saw it: it does not count again). A
 * request that waits, is rejected or expires moved nothing and wrote nothing.
 *
 * Two requests of one person at once cannot both slip under: the window is read and the ledger
 * written in the move's transaction; SQLite runs one at a time, PostgreSQL runs them SERIALIZABLE
 * and the loser runs again (server/db/transaction.ts), reading what the winner wrote.
 */

type LedgerRow = Selectable<FourEyesLedgerTable>;

/** Units of each currency per US dollar, as the threshold weighs amounts. */
export const usdRates = (trx: Trx) => trx.selectFrom('exchange_rates').select(['currency', 'rate']).where('base', '=', 'USD').execute();

/** The customer or order a record belongs to (its action log's document): the window's unit. */
export interface Doc {
  code: string;
  id: string;
}

export function docOf(binding: Binding, record: unknown): Doc {
  return { code: binding.store.docCodeOf?.(record) ?? binding.store.docCode, id: binding.store.docId(record) };
}

/** When the window opens for a request made now. */
const windowStart = (ctx: ActionContext) => iso(ctx.now - ctx.config.fourEyes.windowHours * 3_600_000);

/**
 * What this person did of this row's kind to these documents within the window, oldest first. For
 * a kind whose amount is the entity's value (a remittance approval), each entity once (its latest)
 * and none of the entities the request names again.
 */
export async function earlierActions(trx: Trx, ctx: ActionContext, row: AnyRow, docs: readonly Doc[], entities: readonly string[]): Promise<LedgerRow[]> {
  const unique = [...new Map(docs.map((d) => [`${d.code}:${d.id}`, d])).values()];
  if (unique.length === 0 || !row.fourEyes) return [];
  const kind = fourEyesKind(row.fourEyes);
  const rows = await trx
    .selectFrom('four_eyes_ledger')
    .selectAll()
    .where('actor_id', '=', ctx.principal.accountId)
    .where('kind', '=', kind)
    .where((eb) => eb.or(unique.map((d) => eb.and([eb('doc_code', '=', d.code), eb('doc_id', '=', d.id)]))))
    .where('at', '>', windowStart(ctx))
    .orderBy('at')
    .orderBy('id')
    .execute();
  if (!fourEyesOncePerEntity(kind)) return rows;
  const latest = new Map(rows.filter((r) => !entities.includes(r.entity_id)).map((r) => [r.entity_id, r]));
  return rows.filter((r) => latest.get(r.entity_id) === r);
}

/**
 * The window a request is weighed in: the earlier actions and their sum with the request's own
 * (USD; null when some amount had no rate: the server does not wave through what it cannot weigh).
 */
export function windowOf(ctx: ActionContext, earlier: readonly LedgerRow[], ownUsd: number | null): ApprovalWindow {
  const amounts = [ownUsd, ...earlier.map((e) => e.amount_usd)];
  const sumUsd = amounts.some((u) => u === null) ? null : Math.round(amounts.reduce<number>((sum, u) => sum + u!, 0) * 100) / 100;
  return {
    hours: ctx.config.fourEyes.windowHours,
    sumUsd,
    earlier: earlier.map((e) => ({ at: e.at, label: e.label, entityId: e.entity_id, amount: e.amount, currency: e.currency, amountUsd: e.amount_usd })),
  };
}

/**
 * The record gate of four-eyes: a record a four-eyes row moves without a second person is written
 * to the ledger once it moved, in the move's transaction (a refusal after this point rolls it back
 * with the move). The amount is read before the move, as the request gate weighed it.
 */
export async function ledgerPass({ trx, ctx, binding, row, record, request, input }: RecordGateArgs): Promise<GatePass | null> {
  if (!row.fourEyes || ctx.approval !== undefined) return null;
  const reader = binding.amounts?.[row.fourEyes];
  if (!reader) throw new Error(`${binding.lifecycle.name}: no amount reader ${row.fourEyes}`);
  const amount = await reader({ trx, record, request, input });
  if (!amount) return null;
  const doc = docOf(binding, record);
  return {
    async moved() {
      const rates = await usdRates(trx);
      await trx
        .insertInto('four_eyes_ledger')
        .values({
          actor_id: ctx.principal.accountId,
          kind: fourEyesKind(row.fourEyes!),
          chart: binding.lifecycle.name,
          event: row.event,
          label: row.label,
          doc_code: doc.code,
          doc_id: doc.id,
          entity_id: String(binding.store.idOf(record)),
          amount: amount.amount,
          currency: amount.currency,
          amount_usd: usdEquivalent(amount, rates),
          at: iso(ctx.now),
          request_id: ctx.requestId,
        })
        .execute();
    },
  };
}

import { sql, type Insertable, type InsertQueryBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * The rows a write adds to the logs (the action log, the audit row, the transition QA replays),
 * sent to PostgreSQL with the transaction's last statement instead of one round trip each (issue 42
 * §5: a note was nine statements, and under load each round trip waits a turn of the event loop,
 * so a write's latency grew with its count). Inside a transaction of server/db/transaction.ts on
 * PostgreSQL they wait in order; the step's outcome (`request_steps`) carries them as data-modifying
 * WITH queries of its own INSERT, or they go in one statement before COMMIT. Anywhere else (SQLite,
 * whose statements are calls in the same process; a write outside such a transaction) each is
 * inserted at once. Nothing here is ever read back by the transaction that wrote it, except the
 * transitions a first moment looks for, which `sendLogRows` sends first.
 */
type LogTable = 'action_logs' | 'audit_log' | 'transitions';
type LogRow = { [T in LogTable]: { table: T; values: Insertable<Database[T]> } }[LogTable];
type Writer = Kysely<Database> | Transaction<Database>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyInsert = InsertQueryBuilder<Database, any, any>;

const waiting = new WeakMap<object, LogRow[]>();
/** Rows that wait at most: a bulk decision's transitions go in parts (PostgreSQL takes 65,535 parameters a statement). */
const MOST_WAITING = 200;

/** Rows added through this transaction wait for its last statement (PostgreSQL's transactions only). */
export function holdLogRows(trx: Transaction<Database>): void {
  waiting.set(trx, []);
}

/** Adds a log row: at once, or with the transaction's last statement when it holds them. */
export async function insertLogRow(db: Writer, row: LogRow): Promise<void> {
  const rows = waiting.get(db);
  if (!rows) {
    await db.insertInto(row.table).values(row.values as never).execute();
    return;
  }
  rows.push(row);
  if (rows.length >= MOST_WAITING) await sendLogRows(db);
}

/**
 * One INSERT per table, its rows in their order: a VALUES list is numbered in order, while the
 * statements of one WITH run in no set order (so a table's rows are never split over two of them).
 */
function insertsOf(db: Writer, rows: readonly LogRow[]): AnyInsert[] {
  const byTable = new Map<LogTable, unknown[]>();
  for (const row of rows) {
    const values = byTable.get(row.table);
    if (values) values.push(row.values);
    else byTable.set(row.table, [row.values]);
  }
  return [...byTable].map(([table, values]) => db.insertInto(table).values(values as never));
}

/**
 * Sends the rows waiting in this transaction, with `carrier` (an INSERT of the same transaction
 * into another table) as the statement they ride on when given: one statement either way.
 */
export async function sendLogRows(db: Writer, carrier?: AnyInsert): Promise<void> {
  const rows = waiting.get(db);
  if (!rows || rows.length === 0) {
    if (carrier) await carrier.execute();
    return;
  }
  waiting.set(db, []);
  const inserts = insertsOf(db, rows);
  const main = carrier ?? inserts.pop()!;
  if (inserts.length === 0) {
    await main.execute();
    return;
  }
  const withs = inserts.map((insert, i) => sql`${sql.id(`log_rows_${i}`)} as (${insert})`);
  await sql`with ${sql.join(withs)} ${main}`.execute(db);
}

import { sql } from 'kysely';
import type { Db } from '../database';

export type Row = Record<string, string | number | null>;

/**
 * Where generated rows go. On SQLite, prepared statements inside one transaction (millions of
 * rows in seconds); on PostgreSQL, multi-row inserts through Kysely. Rows carry their ids, so
 * related rows can be generated without reading anything back.
 */
export interface Sink {
  insert(table: string, rows: readonly Row[]): Promise<void>;
  /** Whether the database has this table (a database being upgraded may predate it). */
  hasTable(table: string): Promise<boolean>;
  /** Runs the whole load in one transaction. */
  run(load: () => Promise<void>): Promise<void>;
}

export function createSink(db: Db): Sink {
  if (db.sqlite) {
    const sqlite = db.sqlite;
    const statements = new Map<string, ReturnType<typeof sqlite.prepare>>();
    return {
      async insert(table, rows) {
        if (rows.length === 0) return;
        const columns = Object.keys(rows[0]!);
        const key = `${table}:${columns.join(',')}`;
        let statement = statements.get(key);
        if (!statement) {
          statement = sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
          statements.set(key, statement);
        }
        for (const row of rows) statement.run(columns.map((c) => row[c] ?? null));
      },
      async hasTable(table) {
        return sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
      },
      async run(load) {
        sqlite.exec('BEGIN');
        try {
          await load();
          sqlite.exec('COMMIT');
        } catch (error) {
          sqlite.exec('ROLLBACK');
          throw error;
        }
        sqlite.exec('ANALYZE');
      },
    };
  }
  const k = db.kysely;
  return {
    async insert(table, rows) {
      for (let i = 0; i < rows.length; i += 500) {
        await k.insertInto(table as never).values(rows.slice(i, i + 500) as never).execute();
      }
    },
    async hasTable(table) {
      const found = await sql<{ name: string }>`SELECT to_regclass(${table})::text AS name`.execute(k);
      return (found.rows[0]?.name ?? null) !== null;
    },
    async run(load) {
      await load();
      // Explicit ids were inserted: move each identity past them.
      for (const table of ['accounts', 'groups', 'permissions', 'orders', 'order_items', 'payment_orders', 'calls', 'call_contacts', 'call_returns', 'charge_orders', 'kyc_decisions', 'countries', 'country_prefixes', 'exchange_rates', 'exchange_rate_history', 'blacklist_entries', 'blacklist_recipients', 'action_logs', 'fulfillment_orders', 'risk_rule_results', 'applied_charge_rules', 'gateway_logs', 'pending_refunds', 'zelle_transfers', 'notes', 'user_numbers', 'credit_transactions', 'credit_transfers', 'payment_requests', 'sign_ins', 'pin_attempts', 'campaigns', 'payment_methods', 'segment_events', 'bank_recipients', 'home_recipients', 'add_card_attempts', 'user_documents']) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce((SELECT max(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(k);
      }
      // After a bulk load (PostgreSQL's own advice): statistics for the planner, and the visibility
      // map, without which the lists' counts are index scans that visit the table (no index-only scan).
      await sql`VACUUM ANALYZE`.execute(k);
    },
  };
}

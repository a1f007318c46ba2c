import { sql } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001-foundation';
import * as m0002 from './migrations/0002-lists';
import * as m0003 from './migrations/0003-order-detail';
import * as m0004 from './migrations/0004-item-foundation';
import * as m0005 from './migrations/0005-remittances';
import * as m0006 from './migrations/0006-pickup-prepaid-gift';
import * as m0007 from './migrations/0007-topup-items';
import * as m0008 from './migrations/0008-item-files';
import * as m0009 from './migrations/0009-user-numbers';
import * as m0010 from './migrations/0010-account-settings';
import * as m0011 from './migrations/0011-customer-history';
import * as m0012 from './migrations/0012-payment-methods';
import * as m0013 from './migrations/0013-kyc-by-account';
import * as m0014 from './migrations/0014-segment';
import * as m0015 from './migrations/0015-recipient-directory';
import * as m0016 from './migrations/0016-add-card-attempts';
import * as m0017 from './migrations/0017-user-documents';
import * as m0018 from './migrations/0018-add-card-attempts-reset';
import * as m0019 from './migrations/0019-card-gateway';
import * as m0020 from './migrations/0020-topup-offers';
import * as m0021 from './migrations/0021-message-templates';
import * as m0022 from './migrations/0022-call-detail';
import * as m0023 from './migrations/0023-charge-order-actions';
import * as m0024 from './migrations/0024-idempotency-fingerprint';
import * as m0025 from './migrations/0025-security-events';
import * as m0026 from './migrations/0026-work-queues';
import * as m0027 from './migrations/0027-approvals-and-transitions';
import * as m0028 from './migrations/0028-request-steps-and-sessions';
import * as m0029 from './migrations/0029-list-order-indexes';
import * as m0030 from './migrations/0030-four-eyes-ledger';
import * as m0031 from './migrations/0031-supervision';
import * as m0032 from './migrations/0032-lookups';
import * as m0033 from './migrations/0033-transition-replay';
import * as m0034 from './migrations/0034-refusals';
import * as m0035 from './migrations/0035-history-indexes';
import * as m0036 from './migrations/0036-customer-entity-names';
import * as m0037 from './migrations/0037-table-notifications';
import * as m0038 from './migrations/0038-notes-by-document';

interface Migration {
  name: string;
  up: typeof m0001.up;
}

/** Every migration, in order. A new issue appends its own; an applied one is never edited. */
export const MIGRATIONS: readonly Migration[] = [
  { name: '0001-foundation', up: m0001.up },
  { name: '0002-lists', up: m0002.up },
  { name: '0003-order-detail', up: m0003.up },
  { name: '0004-item-foundation', up: m0004.up },
  { name: '0005-remittances', up: m0005.up },
  { name: '0006-pickup-prepaid-gift', up: m0006.up },
  { name: '0007-topup-items', up: m0007.up },
  { name: '0008-item-files', up: m0008.up },
  { name: '0009-user-numbers', up: m0009.up },
  { name: '0010-account-settings', up: m0010.up },
  { name: '0011-customer-history', up: m0011.up },
  { name: '0012-payment-methods', up: m0012.up },
  { name: '0013-kyc-by-account', up: m0013.up },
  { name: '0014-segment', up: m0014.up },
  { name: '0015-recipient-directory', up: m0015.up },
  { name: '0016-add-card-attempts', up: m0016.up },
  { name: '0017-user-documents', up: m0017.up },
  { name: '0018-add-card-attempts-reset', up: m0018.up },
  { name: '0019-card-gateway', up: m0019.up },
  { name: '0020-topup-offers', up: m0020.up },
  { name: '0021-message-templates', up: m0021.up },
  { name: '0022-call-detail', up: m0022.up },
  { name: '0023-charge-order-actions', up: m0023.up },
  { name: '0024-idempotency-fingerprint', up: m0024.up },
  { name: '0025-security-events', up: m0025.up },
  { name: '0026-work-queues', up: m0026.up },
  { name: '0027-approvals-and-transitions', up: m0027.up },
  { name: '0028-request-steps-and-sessions', up: m0028.up },
  { name: '0029-list-order-indexes', up: m0029.up },
  { name: '0030-four-eyes-ledger', up: m0030.up },
  { name: '0031-supervision', up: m0031.up },
  { name: '0032-lookups', up: m0032.up },
  { name: '0033-transition-replay', up: m0033.up },
  { name: '0034-refusals', up: m0034.up },
  { name: '0035-history-indexes', up: m0035.up },
  { name: '0036-customer-entity-names', up: m0036.up },
  { name: '0037-table-notifications', up: m0037.up },
  { name: '0038-notes-by-document', up: m0038.up },
];

/**
 * Applies the migrations not yet applied, each in its own transaction, recorded in
 * `schema_migrations`. Runs on every start; a second instance waits on the lock row.
 */
export async function migrate(db: Db): Promise<string[]> {
  const k = db.kysely;
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(k);
  const applied = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(k)).rows.map((r) => r.name),
  );
  const ran: string[] = [];
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    await k.transaction().execute(async (trx) => {
      if (db.dialect === 'postgres') await sql`LOCK TABLE schema_migrations IN EXCLUSIVE MODE`.execute(trx);
      const again = await sql<{ name: string }>`SELECT name FROM schema_migrations WHERE name = ${migration.name}`.execute(trx);
      if (again.rows.length > 0) return;
      await migration.up(trx as never, db.dialect);
      await sql`INSERT INTO schema_migrations (name, applied_at) VALUES (${migration.name}, ${new Date().toISOString()})`.execute(trx);
      ran.push(migration.name);
    });
  }
  // Every table, those just created included, notifies its commits (migration 0037).
  if (db.dialect === 'postgres' && ran.length > 0) await sql`SELECT crm_watch_tables()`.execute(k);
  return ran;
}

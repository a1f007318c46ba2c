import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * Supervision (issue 28 §1). A claim a lead revoked stays as a marker naming the lead until its
 * holder has been told (their next claim or renewal is refused once with the lead's name) or its
 * time is up; and the queues' depth is sampled once a day per queue (the last sample of a day
 * stands for it), the seven-day chart's points.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('claims').addColumn('revoked_by_name', 'text').execute();
  await db.schema.alterTable('claims').addColumn('revoked_at', 'text').execute();
  await db.schema
    .createTable('queue_depth_samples')
    // The day in America/Toronto (YYYY-MM-DD) and the queue (remittance, risk, approval).
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('sampled_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('queue_depth_samples_pk', ['day', 'queue'])
    .execute();
  const seeded = await sql<{ n: number }>`select count(*) as n from permissions`.execute(db);
  const known = await sql<{ n: number }>`select count(*) as n from permissions where name = 'CRM_SUPERVISION'`.execute(db);
  if (Number(seeded.rows[0]?.n ?? 0) > 0 && Number(known.rows[0]?.n ?? 0) === 0) {
    await sql`insert into permissions (id, name) select max(id) + 1, 'CRM_SUPERVISION' from permissions`.execute(db);
    await sql`insert into group_permissions (group_id, permission_id)
      select g.id, p.id from groups g, permissions p where g.name = 'CRM2_ADMIN' and p.name = 'CRM_SUPERVISION'`.execute(db);
  }
}

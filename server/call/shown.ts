import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ReadGrant } from '../auth/middleware';
import { parse } from '../http';
import { AccountIdQuery } from '@/api/contract/order-detail';
import { Permission } from '@/domain/permissions';

/**
 * What a call's detail shows of other documents, read under CRM2_VIEW_CALLS: its customer
 * (Cliente Detalles), only for a customer who made a call (docs/decisions.md, "Issue 38: reads
 * under the page's own permission").
 */
export function callShows(db: Kysely<Database>) {
  return {
    /** A customer who made a call. */
    customer: {
      permission: Permission.VIEW_CALLS,
      shows: async (c) =>
        (await db.selectFrom('calls').select('id').where('account_id', '=', parse(AccountIdQuery, c.req.query()).accountId).limit(1).executeTakeFirst()) !== undefined,
    } satisfies ReadGrant,
  };
}

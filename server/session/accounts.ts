import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Group } from '@/api/contract/uaa';

/** The groups of an account, each with its permissions, ordered by name. */
export async function groupsOf(db: Kysely<Database>, accountId: number): Promise<Group[]> {
  const rows = await db
    .selectFrom('account_groups as ag')
    .innerJoin('groups as g', 'g.id', 'ag.group_id')
    .leftJoin('group_permissions as gp', 'gp.group_id', 'g.id')
    .leftJoin('permissions as p', 'p.id', 'gp.permission_id')
    .select(['g.name as group', 'p.name as permission'])
    .where('ag.account_id', '=', accountId)
    .orderBy('g.name')
    .orderBy('p.name')
    .execute();
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const group = groups.get(row.group) ?? { name: row.group, permissions: [] };
    if (row.permission) group.permissions.push({ name: row.permission });
    groups.set(row.group, group);
  }
  return [...groups.values()];
}

export function displayName(first: string | null, last: string | null, username: string): string {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || username;
}

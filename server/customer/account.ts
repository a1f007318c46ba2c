import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { changedMeanwhile, malformed, taken } from '../refusals';
import { revokeAccount } from '../auth/tokens';
import { customerOrThrow } from './account-data';
import { sql } from 'kysely';
import type { AccountGroups, ModifyAccountQuery, ModifyGroupsBody, ReliabilityQuery, UserData, UserDataBody } from '@/api/contract/customer-account';
import { ASSIGNABLE_GROUPS, GroupsMsg, type GroupGrants } from '@/domain/groups';
import { AccountMsg, infoChanges, type CustomerInfo } from '@/domain/account';
import { reliabilityLabel } from '@/domain/reliability';
import { customerAccount } from '@/machines/customer/account.machine';
import { infoOf } from '@/machines/customer/account.form';

/**
 * A customer's account: enabled or disabled (a disabled customer's sessions end at once), its
 * honesty, its data, its groups, and a forced logout that really revokes every token the customer
 * holds. Staff accounts are not customers: they are not found here. What an edit may not do (change
 * nothing, give a group beyond the staff member's permissions) is the account chart's to refuse,
 * from the facts the store gives it.
 */

type AccountRow = { id: number; enabled: number; reliability: number; groups: string[]; info: CustomerInfo };
type Key = { accountId: number };

/** The columns of the customer's data, by the name 'Editar datos' gives each. */
const INFO_COLUMNS = { firstName: 'first_name', lastName: 'last_name', email: 'email', countryCode: 'country_code', city: 'city', region: 'region', gender: 'gender', birthday: 'birthday' } as const;

/** The permissions each assignable group carries (no escalation: the chart asks them of the staff member). */
async function groupGrants(trx: Trx): Promise<GroupGrants> {
  const carried = await trx
    .selectFrom('group_permissions as gp')
    .innerJoin('groups as g', 'g.id', 'gp.group_id')
    .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
    .select(['g.name as group', 'p.name as permission'])
    .where('g.name', 'in', [...ASSIGNABLE_GROUPS])
    .orderBy('g.name')
    .orderBy('p.name')
    .execute();
  const grants: Record<string, string[]> = {};
  for (const { group, permission } of carried) (grants[group] ??= []).push(permission);
  return grants;
}

const accountRowStore: Store<AccountRow, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  async find(trx, key) {
    const a = await customerOrThrow(trx, key.accountId);
    const groups = await trx.selectFrom('account_groups as ag').innerJoin('groups as g', 'g.id', 'ag.group_id').select('g.name').where('ag.account_id', '=', a.id).orderBy('g.name').execute();
    const info: CustomerInfo = { firstName: a.first_name, lastName: a.last_name, email: a.email, countryCode: a.country_code, city: a.city, region: a.region, gender: a.gender, birthday: a.birthday };
    return [{ id: a.id, enabled: a.enabled, reliability: a.reliability, groups: groups.map((g) => g.name), info }];
  },
  input: async (trx, r) => ({ status: r.enabled === 1 ? 'enabled' : 'disabled', reliability: r.reliability, info: r.info, groups: r.groups, grants: await groupGrants(trx) }),
  async save(trx, move) {
    const enabled = move.to === 'enabled' ? 1 : 0;
    if (enabled === move.record.enabled) return;
    const updated = await trx.updateTable('accounts').set({ enabled }).where('id', '=', move.record.id).where('enabled', '=', move.record.enabled).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(AccountMsg.concurrent);
  },
};

const groupNames = (body: ModifyGroupsBody) => [...body.assingGroups, ...body.unassingGroups];

/** The ids of the groups a request names (400 for a name that is no group). */
async function groupIds(trx: Trx, names: readonly string[]): Promise<Map<string, number>> {
  const groups = await trx.selectFrom('groups').select(['id', 'name']).where('name', 'in', names).execute();
  const idOf = new Map(groups.map((g) => [g.name, g.id]));
  const unknown = names.find((n) => !idOf.has(n));
  if (unknown) throw malformed(GroupsMsg.unknown(unknown));
  return idOf;
}

const stateOf = (r: AccountRow, enabled: boolean, sessionsEnded?: number) => ({ accountId: r.id, enabled, reliability: r.reliability, ...(sessionsEnded === undefined ? {} : { sessionsEnded }) });

export const customerAccountBinding = bind<AccountRow, Key>({
  lifecycle: customerAccount,
  store: accountRowStore,
  handlers: {
    enable: {
      async perform({ trx, ctx, record, event }) {
        const enable = event.type === 'account.enable';
        const ended = enable ? 0 : await revokeAccount(trx, record.id, ctx.now);
        return {
          description: enable ? `Cuenta habilitada: cliente ${record.id}` : `Cuenta deshabilitada: cliente ${record.id} (${ended} sesiones terminadas)`,
          before: { enabled: record.enabled === 1 },
          after: { enabled: enable },
          data: stateOf(record, enable),
        };
      },
    },
    reliability: {
      async perform({ trx, record, request }) {
        const { reliability } = request.query as ReliabilityQuery;
        await trx.updateTable('accounts').set({ reliability }).where('id', '=', record.id).execute();
        return {
          description: `Honestidad del cliente ${record.id}: ${reliabilityLabel(record.reliability)} → ${reliabilityLabel(reliability)}`,
          before: { reliability: record.reliability },
          after: { reliability },
          data: { ...stateOf(record, record.enabled === 1), reliability },
        };
      },
    },
    logout: {
      async perform({ trx, ctx, record }) {
        const ended = await revokeAccount(trx, record.id, ctx.now);
        return { description: `Sesiones cerradas: cliente ${record.id} (${ended})`, before: { sessions: ended }, after: { sessions: 0 }, data: stateOf(record, record.enabled === 1, ended) };
      },
    },
    // The honesty and the state at once; a change of state moves the chart by enable or disable.
    modify: {
      async perform({ trx, ctx, record, request }) {
        const { reliability, enable } = request.query as ModifyAccountQuery;
        const enabled = record.enabled === 1;
        if (reliability !== record.reliability) await trx.updateTable('accounts').set({ reliability }).where('id', '=', record.id).execute();
        const ended = enabled && !enable ? await revokeAccount(trx, record.id, ctx.now) : 0;
        const moved = { reliability: reliability !== record.reliability, enabled: enable !== enabled };
        const before = { ...(moved.reliability ? { reliability: record.reliability } : {}), ...(moved.enabled ? { enabled } : {}) };
        const after = { ...(moved.reliability ? { reliability } : {}), ...(moved.enabled ? { enabled: enable } : {}) };
        return {
          description: `Cuenta modificada: cliente ${record.id} (honestidad ${reliabilityLabel(reliability)}, ${enable ? 'habilitada' : `deshabilitada, ${ended} sesiones terminadas`})`,
          before,
          after,
          ...(moved.enabled ? { event: { type: enable ? 'account.enable' : 'account.disable' } } : {}),
          data: { ...stateOf(record, enable), reliability },
        };
      },
    },
    info: {
      async perform({ trx, record, request }) {
        const body = bodyOf<UserDataBody>(request);
        const next = infoOf(body);
        // The chart refused an edit that changes nothing; these are what this one changes.
        const changed = infoChanges(record.info, next);
        const columns = changed.map((key) => INFO_COLUMNS[key]);
        if (changed.includes('email') && (await trx.selectFrom('accounts').select('id').where(sql`lower(email)`, '=', body.email).where('id', '!=', record.id).executeTakeFirst())) {
          throw taken(AccountMsg.emailTaken(body.email));
        }
        if (changed.includes('countryCode') && next.countryCode !== null && !(await trx.selectFrom('countries').select('code').where('code', '=', next.countryCode).executeTakeFirst())) {
          throw malformed(AccountMsg.country);
        }
        await trx.updateTable('accounts').set(Object.fromEntries(changed.map((key) => [INFO_COLUMNS[key], next[key]]))).where('id', '=', record.id).execute();
        const data: UserData = { accountId: record.id, ...next };
        return {
          description: `Datos del cliente ${record.id} editados: ${columns.join(', ')}`,
          before: Object.fromEntries(changed.map((key) => [INFO_COLUMNS[key], record.info[key]])),
          after: Object.fromEntries(changed.map((key) => [INFO_COLUMNS[key], next[key]])),
          data,
        };
      },
    },
    // No escalation and the groups held are the chart's (`grants`, `groups`): here only the write.
    groups: {
      async perform({ trx, record, request }) {
        const body = bodyOf<ModifyGroupsBody>(request);
        const idOf = await groupIds(trx, groupNames(body));
        const held = new Set(record.groups);
        if (body.assingGroups.length) await trx.insertInto('account_groups').values(body.assingGroups.map((n) => ({ account_id: record.id, group_id: idOf.get(n)! }))).execute();
        if (body.unassingGroups.length) await trx.deleteFrom('account_groups').where('account_id', '=', record.id).where('group_id', 'in', body.unassingGroups.map((n) => idOf.get(n)!)).execute();
        const before = [...held].sort();
        const after = [...held, ...body.assingGroups].filter((n) => !(body.unassingGroups as readonly string[]).includes(n)).sort();
        const data: AccountGroups = { accountId: record.id, groups: after };
        return { description: `Grupos del cliente ${record.id}: ${after.join(', ') || 'ninguno'}`, before: { groups: before }, after: { groups: after }, data };
      },
    },
  },
  describe: (row, record) => `${row.label}: cliente ${record.id}`,
});

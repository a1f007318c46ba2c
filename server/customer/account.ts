import { bind, bodyOf, type Store, type Trx } from '../lifecycle/binding';
import { accessDenied, badRequest, conflict } from '../http';
import { revokeAccount } from '../auth/tokens';
import { customerOrThrow } from './account-data';
import { sql } from 'kysely';
import type { AccountGroups, ModifyAccountQuery, ModifyGroupsBody, ReliabilityQuery, UserData, UserDataBody } from '@/api/contract/customer-account';
import { GroupsMsg } from '@/domain/groups';
import { AccountMsg } from '@/domain/account';
import { reliabilityLabel } from '@/domain/reliability';
import { customerAccount } from '@/machines/customer/account.machine';

/**
 * A customer's account: enabled or disabled (a disabled customer's sessions end at once), its
 * honesty, and a forced logout that really revokes every token the customer holds. Staff accounts
 * are not customers: they are not found here.
 */

type AccountRow = { id: number; enabled: number; reliability: number; groups: string[] };
type Key = { accountId: number };

const accountRowStore: Store<AccountRow, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.id),
  idOf: (r) => r.id,
  async find(trx, key) {
    const { id, enabled, reliability } = await customerOrThrow(trx, key.accountId);
    const groups = await trx.selectFrom('account_groups as ag').innerJoin('groups as g', 'g.id', 'ag.group_id').select('g.name').where('ag.account_id', '=', id).orderBy('g.name').execute();
    return [{ id, enabled, reliability, groups: groups.map((g) => g.name) }];
  },
  input: async (_trx, r) => ({ status: r.enabled === 1 ? 'enabled' : 'disabled', groups: r.groups }),
  async save(trx, move) {
    const enabled = move.to === 'enabled' ? 1 : 0;
    if (enabled === move.record.enabled) return;
    const updated = await trx.updateTable('accounts').set({ enabled }).where('id', '=', move.record.id).where('enabled', '=', move.record.enabled).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(AccountMsg.concurrent);
  },
};

const groupNames = (body: ModifyGroupsBody) => [...body.assingGroups, ...body.unassingGroups];

/** The ids of the groups a request names (400 for a name that is no group). */
async function groupIds(trx: Trx, names: readonly string[]): Promise<Map<string, number>> {
  const groups = await trx.selectFrom('groups').select(['id', 'name']).where('name', 'in', names).execute();
  const idOf = new Map(groups.map((g) => [g.name, g.id]));
  const unknown = names.find((n) => !idOf.has(n));
  if (unknown) throw badRequest(GroupsMsg.unknown(unknown));
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
        if (reliability === record.reliability) throw badRequest(AccountMsg.sameReliability);
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
        if (reliability === record.reliability && enable === enabled) throw badRequest(AccountMsg.unchanged);
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
        const current = await trx.selectFrom('accounts').select(['first_name', 'last_name', 'email', 'country_code', 'city', 'region', 'gender', 'birthday']).where('id', '=', record.id).executeTakeFirstOrThrow();
        const { userInfo: i } = body;
        const next = { first_name: body.firstName, last_name: body.lastName, email: body.email, country_code: i.countryCode, city: i.city, region: i.region, gender: i.gender, birthday: i.birthday };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== current[key]);
        if (changed.length === 0) throw badRequest(AccountMsg.noInfoChange);
        if (changed.includes('email') && (await trx.selectFrom('accounts').select('id').where(sql`lower(email)`, '=', body.email).where('id', '!=', record.id).executeTakeFirst())) {
          throw conflict(AccountMsg.emailTaken(body.email));
        }
        if (changed.includes('country_code') && i.countryCode !== null && !(await trx.selectFrom('countries').select('code').where('code', '=', i.countryCode).executeTakeFirst())) {
          throw badRequest(AccountMsg.country);
        }
        await trx.updateTable('accounts').set(Object.fromEntries(changed.map((key) => [key, next[key]]))).where('id', '=', record.id).execute();
        const data: UserData = { accountId: record.id, firstName: next.first_name, lastName: next.last_name, email: next.email, countryCode: next.country_code, city: next.city, region: next.region, gender: next.gender, birthday: next.birthday };
        return {
          description: `Datos del cliente ${record.id} editados: ${changed.join(', ')}`,
          before: Object.fromEntries(changed.map((key) => [key, current[key]])),
          after: Object.fromEntries(changed.map((key) => [key, next[key]])),
          data,
        };
      },
    },
    // No escalation: a group is given or taken only by someone holding every permission it carries
    // (asked of the request before the chart asks whether the customer holds the groups).
    groups: {
      async check({ trx, ctx, request }) {
        const names = groupNames(bodyOf<ModifyGroupsBody>(request));
        const idOf = await groupIds(trx, names);
        const carried = await trx.selectFrom('group_permissions as gp').innerJoin('permissions as p', 'p.id', 'gp.permission_id').select(['gp.group_id', 'p.name']).where('gp.group_id', 'in', [...idOf.values()]).execute();
        const beyond = names.find((n) => carried.some((c) => c.group_id === idOf.get(n) && !ctx.principal.permissions.has(c.name)));
        if (beyond) throw accessDenied(GroupsMsg.beyond(beyond));
      },
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

import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { BodyId, QueryId } from './fields';
import { AccountMsg, GENDERS, isBirthday } from '@/domain/account';
import { ASSIGNABLE_GROUPS, GroupsMsg } from '@/domain/groups';
import { RELIABILITY_LEVELS } from '@/domain/reliability';

/** A customer's account actions (spec details §7 "Account"). */

const IdText = QueryId;

/** POST /uaa/secured/enable/account: accountId, enable. */
export const AccountEnableBody = v.object(
  {
    accountId: BodyId(AccountMsg.account),
    enable: v.boolean(AccountMsg.refused),
  },
  Msg.jsonObject,
);
export type AccountEnableBody = v.InferOutput<typeof AccountEnableBody>;

/** POST /users/secured/update/reliability?accountId&reliability: one of the §4 levels. */
export const ReliabilityQuery = v.object({
  accountId: IdText(AccountMsg.account),
  reliability: v.pipe(
    v.optional(v.string(AccountMsg.reliability), ''),
    v.trim(),
    v.regex(/^-?\d{1,3}$/, AccountMsg.reliability),
    v.transform(Number),
    v.check((n) => RELIABILITY_LEVELS.some((l) => l.value === n), AccountMsg.reliability),
  ),
});
export type ReliabilityQuery = v.InferOutput<typeof ReliabilityQuery>;

/** POST /uaa/secured/logout/account?ids: the accounts whose sessions end (one customer here). */
export const LogoutQuery = v.object({ ids: IdText(AccountMsg.account) });
export type LogoutQuery = v.InferOutput<typeof LogoutQuery>;

/** What an account action answers: the account as it is now. */
export const AccountState = v.object({ accountId: v.number(), enabled: v.boolean(), reliability: v.number(), sessionsEnded: v.optional(v.number()) });
export type AccountState = v.InferOutput<typeof AccountState>;

/** POST /uaa/secured/update/account?accountId&reliability&enable: the honesty and the state at once. */
export const ModifyAccountQuery = v.object({
  accountId: IdText(AccountMsg.account),
  reliability: ReliabilityQuery.entries.reliability,
  enable: v.pipe(v.optional(v.string(AccountMsg.enable), ''), v.picklist(['true', 'false'], AccountMsg.enable), v.transform((s) => s === 'true')),
});
export type ModifyAccountQuery = v.InferOutput<typeof ModifyAccountQuery>;

const Optional = (max: number, message: string) => v.optional(v.nullable(v.pipe(v.string(message), v.trim(), v.maxLength(max, message), v.transform((s) => (s === '' ? null : s)))), null);
const today = () => new Date().toISOString().slice(0, 10);

/** POST /uaa/secured/update/userdata: firstName, lastName, email, userInfo{accountId, countryCode, city, region, gender, birthday}. */
export const UserDataBody = v.object(
  {
    firstName: Optional(80, AccountMsg.name),
    lastName: Optional(80, AccountMsg.name),
    email: v.pipe(v.optional(v.string(AccountMsg.email), ''), v.trim(), v.toLowerCase(), v.nonEmpty(AccountMsg.email), v.maxLength(120, AccountMsg.emailInvalid), v.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, AccountMsg.emailInvalid)),
    userInfo: v.object(
      {
        accountId: BodyId(AccountMsg.account),
        countryCode: v.optional(v.nullable(v.pipe(v.string(AccountMsg.country), v.trim(), v.toUpperCase(), v.transform((s) => (s === '' ? null : s)), v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, AccountMsg.country))))), null),
        city: Optional(80, AccountMsg.place),
        region: Optional(80, AccountMsg.place),
        gender: v.optional(v.nullable(v.picklist(GENDERS, AccountMsg.gender)), null),
        birthday: v.optional(v.nullable(v.pipe(v.string(AccountMsg.birthday), v.trim(), v.transform((s) => (s === '' ? null : s)), v.nullable(v.pipe(v.string(), v.check((s) => isBirthday(s, today()), AccountMsg.birthday))))), null),
      },
      AccountMsg.account,
    ),
  },
  Msg.jsonObject,
);
export type UserDataBody = v.InferOutput<typeof UserDataBody>;

/** What an edit of the customer's data answers: the data as it is now. */
export const UserData = v.object({
  accountId: v.number(),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  email: v.nullable(v.string()),
  countryCode: v.nullable(v.string()),
  city: v.nullable(v.string()),
  region: v.nullable(v.string()),
  gender: v.nullable(v.string()),
  birthday: v.nullable(v.string()),
});
export type UserData = v.InferOutput<typeof UserData>;

const GroupList = v.optional(v.pipe(v.array(v.picklist(ASSIGNABLE_GROUPS, GroupsMsg.group), GroupsMsg.group), v.maxLength(ASSIGNABLE_GROUPS.length, GroupsMsg.group)), []);

/** POST /uaa/secured/group/modifyassing: accountId, assingGroups, unassingGroups (names of the §6 list). */
export const ModifyGroupsBody = v.pipe(
  v.object({ accountId: BodyId(AccountMsg.account), assingGroups: GroupList, unassingGroups: GroupList }, Msg.jsonObject),
  v.check((b) => b.assingGroups.length + b.unassingGroups.length > 0, GroupsMsg.none),
  v.check((b) => !b.assingGroups.some((g) => b.unassingGroups.includes(g)), GroupsMsg.both),
);
export type ModifyGroupsBody = v.InferOutput<typeof ModifyGroupsBody>;

/** What a change of groups answers: the customer's groups now. */
export const AccountGroups = v.object({ accountId: v.number(), groups: v.array(v.string()) });
export type AccountGroups = v.InferOutput<typeof AccountGroups>;

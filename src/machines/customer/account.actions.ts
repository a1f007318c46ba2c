import { Msg } from '@/domain/messages';
import { AccountEnableBody, AccountGroups, AccountState, LogoutQuery, ModifyAccountQuery, ModifyGroupsBody, ReliabilityQuery, UserData, UserDataBody } from '@/api/contract/customer-account';
import { AccountMsg, type CustomerInfo } from '@/domain/account';
import { groupsRefusal, type GroupGrants } from '@/domain/groups';
import { Permission } from '@/domain/permissions';
import { reliabilityLabel } from '@/domain/reliability';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { groupsForm, infoForm, infoOf, modifyForm, reliabilityForm, type GroupsForm, type InfoForm, type ModifyForm } from './account.form';
export type { CustomerInfo, GroupsForm, InfoForm, ModifyForm };

/**
 * A customer's account (spec details §4 "Account", §6): enabled or disabled and its honesty
 * (CRM7_AGENT), and its sessions ended by force (LOGOUT_ACCOUNT).
 */

/** An edit names what it asks (absent: the button, which may ask anything). */
export type AccountEvent =
  | { type: 'account.enable' }
  | { type: 'account.disable' }
  | { type: 'account.reliability'; reliability?: number }
  | { type: 'account.logout' }
  | { type: 'account.modify'; reliability?: number; enable?: boolean }
  | { type: 'account.info'; info?: CustomerInfo }
  | { type: 'account.groups'; assingGroups?: readonly string[]; unassingGroups?: readonly string[] };

export interface AccountContext {
  status: string;
  /** The names of the groups the customer holds. */
  groups: readonly string[];
  /** The permissions each group carries: a group is given or taken only by someone holding them all. */
  grants: GroupGrants;
  /** The customer's honesty level. */
  reliability: number;
  /** The customer's data, as 'Editar datos' edits it. */
  info: CustomerInfo;
  permissions: readonly string[];
}

export interface AccountSubject {
  accountId: number;
}

const row = rowOf<AccountEvent, AccountContext, AccountSubject>();
const text = customerActionText.account;
const ENABLE = '/uaa/secured/enable/account';

const enableRow = (event: 'account.enable' | 'account.disable', enable: boolean) =>
  row({
    event,
    label: enable ? text.enable : text.disable,
    variant: enable ? 'primary' : 'danger',
    permissions: [Permission.AGENT],
    confirm: (s) => text.question(enable ? text.enable : text.disable, s.accountId),
    success: { text: (s) => (enable ? text.enabled(s.accountId) : text.disabled(s.accountId)) },
    refused: enable ? AccountMsg.enabled : AccountMsg.disabled,
    wire: { client: 'uaa', method: 'POST', path: ENABLE, body: AccountEnableBody, data: AccountState },
    request: (s) => ({ body: { accountId: s.accountId, enable } }),
    match: (r) => r.body.enable === enable,
    targets: (r) => [{ accountId: r.body.accountId }],
    handler: 'enable',
  });

export const accountActions = [
  enableRow('account.disable', false),
  enableRow('account.enable', true),
  row({
    event: 'account.reliability',
    form: reliabilityForm,
    label: text.reliability,
    variant: 'secondary',
    permissions: [Permission.AGENT],
    confirm: (s, form: { reliability: number }) => text.reliabilityQuestion(reliabilityLabel(form.reliability), s.accountId),
    success: { title: Msg.modified, text: (s, state: AccountState) => text.reliabilityDone(s.accountId, reliabilityLabel(state.reliability)) },
    refused: AccountMsg.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/update/reliability', query: ReliabilityQuery, data: AccountState },
    request: (s, form: { reliability: number }) => ({ query: { accountId: s.accountId, reliability: form.reliability } }),
    targets: (r) => [{ accountId: r.query.accountId }],
    eventOf: (r) => ({ type: 'account.reliability', reliability: r.query.reliability }),
    handler: 'reliability',
  }),
  row({
    event: 'account.logout',
    label: text.logout,
    variant: 'danger',
    permissions: [Permission.LOGOUT_ACCOUNT],
    confirm: (s) => text.question(text.logout, s.accountId),
    success: { text: (s, state: AccountState) => text.loggedOut(s.accountId, state.sessionsEnded ?? 0) },
    refused: AccountMsg.refused,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/logout/account', query: LogoutQuery, data: AccountState },
    request: (s) => ({ query: { ids: s.accountId } }),
    targets: (r) => [{ accountId: r.query.ids }],
    handler: 'logout',
  }),
  row({
    event: 'account.modify',
    form: modifyForm,
    label: text.modify,
    variant: 'secondary',
    permissions: [Permission.AGENT],
    confirm: (s, form: ModifyForm) => text.modifyQuestion(s.accountId, reliabilityLabel(form.reliability), form.enable),
    success: { title: Msg.modified, text: (s, state: AccountState) => text.modified(s.accountId, reliabilityLabel(state.reliability), state.enabled) },
    refused: AccountMsg.refused,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/update/account', query: ModifyAccountQuery, data: AccountState },
    request: (s, form: ModifyForm) => ({ query: { accountId: s.accountId, reliability: form.reliability, enable: form.enable } }),
    targets: (r) => [{ accountId: r.query.accountId }],
    eventOf: (r) => ({ type: 'account.modify', reliability: r.query.reliability, enable: r.query.enable }),
    handler: 'modify',
  }),
  row({
    event: 'account.info',
    form: infoForm,
    label: text.info,
    variant: 'secondary',
    permissions: [Permission.AGENT],
    confirm: (s) => text.infoQuestion(s.accountId),
    success: { title: Msg.modified, text: (s) => text.infoSaved(s.accountId) },
    refused: AccountMsg.refused,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/update/userdata', body: UserDataBody, data: UserData },
    request: (s, form: InfoForm) => ({ body: { ...form, userInfo: { accountId: s.accountId, ...form.userInfo } } }),
    targets: (r) => [{ accountId: r.body.userInfo.accountId }],
    eventOf: (r) => ({ type: 'account.info', info: infoOf(r.body) }),
    handler: 'info',
  }),
  row({
    event: 'account.groups',
    form: groupsForm,
    label: text.groups,
    variant: 'secondary',
    permissions: [Permission.DO_ACTION],
    confirm: (s, form: GroupsForm) => text.groupsQuestion(s.accountId, form.assingGroups, form.unassingGroups),
    success: { title: Msg.modified, text: (s, state: AccountGroups) => text.groupsSaved(s.accountId, state.groups) },
    refused: (c, e) => (e.type === 'account.groups' && e.assingGroups !== undefined ? groupsRefusal(c, e as Required<typeof e>) : null) ?? AccountMsg.refused,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/group/modifyassing', body: ModifyGroupsBody, data: AccountGroups },
    request: (s, form: GroupsForm) => ({ body: { accountId: s.accountId, ...form } }),
    targets: (r) => [{ accountId: r.body.accountId }],
    eventOf: (r) => ({ type: 'account.groups', assingGroups: r.body.assingGroups, unassingGroups: r.body.unassingGroups }),
    handler: 'groups',
  }),
];

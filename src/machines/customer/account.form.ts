import { checkBody } from '@/api/contract/check';
import { UserDataBody } from '@/api/contract/customer-account';
import { GENDERS, type CustomerInfo } from '@/domain/account';
import { ASSIGNABLE_GROUPS, groupBeyond, GroupsMsg, type GroupGrants } from '@/domain/groups';
import { RELIABILITY_LEVELS } from '@/domain/reliability';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf, type FieldOption } from '@/machines/lifecycle/form';

const text = customerActionText.account;

export type { CustomerInfo };

/** What the account's forms open with: the chart's context (the server's facts, beneath them what the card shows). */
export interface AccountFacts {
  status: string;
  reliability?: number;
  /** The names of the customer's groups. */
  groups?: readonly string[];
  /** The permissions each group carries, and the staff member's own: a group beyond them is shown but not offered. */
  grants?: GroupGrants;
  permissions?: readonly string[];
  info?: CustomerInfo;
}

/** 'Grupos de roles': what to give and what to take. */
export interface GroupsForm {
  assingGroups: string[];
  unassingGroups: string[];
}

/** 'Modificar cuenta': the honesty and whether the account is enabled, at once. */
export interface ModifyForm {
  reliability: number;
  enable: boolean;
}

/** 'Editar datos': what the dialog sends (the account is the subject's). */
export type InfoForm = Omit<UserDataBody, 'userInfo'> & { userInfo: Omit<UserDataBody['userInfo'], 'accountId'> };

const form = formOf<AccountFacts, { accountId: number }>();
const levels = (list: readonly { value: number; label: string }[]): FieldOption[] => list.map((l) => ({ value: String(l.value), label: l.label }));

/**
 * A choice of honesty level (its select's id is the form's stem): 'Modificar honestidad' and
 * 'Descontaminar' (from its own list).
 */
export function honestyForm<TContext>(o: { stem: string; title: string; label: string; levels: readonly { value: number; label: string }[]; initial: (context: TContext) => number }) {
  return formOf<TContext, { accountId: number }>()({
    title: o.title,
    id: (s) => `${o.stem}-${s.accountId}`,
    fields: [{ kind: 'select', name: 'reliability', id: '', label: o.label, options: levels(o.levels) }],
    initial: (c) => ({ reliability: String(o.initial(c)) }),
    validate: (f) => ({ ok: true, payload: { reliability: Number(f.reliability) } }),
  });
}

/** 'Modificar honestidad': opens at the level the customer has now (the chart refuses it as it is). */
export const reliabilityForm = honestyForm<AccountFacts>({
  stem: 'reliability',
  title: text.reliabilityTitle,
  label: text.reliabilityLabel,
  levels: RELIABILITY_LEVELS,
  initial: (c) => c.reliability ?? 0,
});

/** 'Modificar cuenta': the honesty and the state at once (the chart refuses nothing changed). */
export const modifyForm = form({
  title: text.modifyTitle,
  id: (s) => `modify-${s.accountId}`,
  fields: [
    { kind: 'select', name: 'reliability', label: text.reliabilityLabel, options: levels(RELIABILITY_LEVELS) },
    { kind: 'checkbox', name: 'enable', id: 'enabled', label: text.enabledLabel },
  ],
  initial: (c) => ({ reliability: String(c.reliability ?? 0), enable: c.status === 'enabled' }),
  validate: (f) => ({ ok: true, payload: { reliability: Number(f.reliability), enable: f.enable } satisfies ModifyForm }),
});

const INFO_FIELDS = ['firstName', 'lastName', 'email', 'countryCode', 'city', 'region', 'birthday'] as const;
type InfoFormState = Record<keyof CustomerInfo, string>;

/** The customer's data a request of 'Editar datos' asks for (what the account chart compares with the stored one). */
export const infoOf = (body: UserDataBody): CustomerInfo => ({
  firstName: body.firstName,
  lastName: body.lastName,
  email: body.email,
  countryCode: body.userInfo.countryCode,
  city: body.userInfo.city,
  region: body.userInfo.region,
  gender: body.userInfo.gender,
  birthday: body.userInfo.birthday,
});

/** 'Editar datos': names, e-mail, country, city, region, gender, birthday (the chart refuses the data as it is). */
export const infoForm = form({
  title: text.infoTitle,
  id: (s) => `info-${s.accountId}`,
  columns: 2,
  fields: [
    ...INFO_FIELDS.map((name) => ({ kind: 'text' as const, name, label: text[name] })),
    { kind: 'select', name: 'gender', label: text.gender, options: ['', ...GENDERS].map((g) => ({ value: g, label: text.genders[g] ?? g })) },
  ],
  initial: (c): InfoFormState => {
    const info: Partial<CustomerInfo> = c.info ?? {};
    return { firstName: info.firstName ?? '', lastName: info.lastName ?? '', email: info.email ?? '', countryCode: info.countryCode ?? '', city: info.city ?? '', region: info.region ?? '', gender: info.gender ?? '', birthday: info.birthday ?? '' };
  },
  validate: (f, _c, s) => {
    const checked = checkBody(UserDataBody, {
      firstName: f.firstName,
      lastName: f.lastName,
      email: f.email,
      userInfo: { accountId: s.accountId, countryCode: f.countryCode, city: f.city, region: f.region, gender: f.gender === '' ? null : f.gender, birthday: f.birthday },
    });
    if (!checked.ok) return checked;
    const {
      userInfo: { accountId: _id, ...userInfo },
      ...rest
    } = checked.payload;
    return { ok: true, payload: { ...rest, userInfo } satisfies InfoForm };
  },
});

/**
 * 'Grupos de roles': the §6 groups, ticked as the customer holds them; what changes is sent. A group
 * carrying a permission the staff member lacks is shown, disabled, with the chart's reason.
 */
export const groupsForm = form({
  title: text.groupsTitle,
  id: (s) => `groups-${s.accountId}`,
  fields: [
    {
      kind: 'checkboxes',
      name: 'groups',
      id: '',
      label: text.groupsTitle,
      options: ASSIGNABLE_GROUPS.map((g) => ({ value: g, label: g })),
      refused: (g, c) => groupBeyond(c.grants ?? {}, c.permissions ?? [], g),
    },
  ],
  initial: (c) => ({ groups: ASSIGNABLE_GROUPS.filter((g) => (c.groups ?? []).includes(g)) as string[] }),
  validate: ({ groups }, c) => {
    const held = c.groups ?? [];
    const assingGroups = groups.filter((g) => !held.includes(g));
    const unassingGroups = ASSIGNABLE_GROUPS.filter((g) => held.includes(g) && !groups.includes(g));
    return assingGroups.length + unassingGroups.length === 0 ? { ok: false, message: GroupsMsg.none } : { ok: true, payload: { assingGroups, unassingGroups } satisfies GroupsForm };
  },
});

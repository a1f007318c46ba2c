import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { ChoiceQuery, DayQuery, IdQuery, PageOf, PageQuery, TextQuery } from './query';
import { FILTER_GROUPS } from '@/domain/groups';

/** A customer as the lists show it. */
export const CustomerRow = v.object({
  id: v.number(),
  accountId: v.number(),
  email: v.nullable(v.string()),
  alias: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  name: v.string(),
  phoneNumber: v.nullable(v.string()),
  registerDate: IsoDateTime,
  enabled: v.boolean(),
  groups: v.array(v.object({ name: v.string() })),
  userBasicData: v.object({
    reliability: v.number(),
    country: v.nullable(v.string()),
    creditCurrency: v.nullable(v.string()),
    currency: v.nullable(v.string()),
  }),
  /**
   * Whether the account is a customer's (spec lists §3 "isOnlyClientByRol"): staff accounts are
   * accounts too (the Rol filter finds them) but have no customer page. Absent, a customer.
   */
  isOnlyClientByRol: v.optional(v.boolean(), true),
});
export type CustomerRow = v.InferOutput<typeof CustomerRow>;

export const CUSTOMER_SORTS = ['id,desc', 'id,asc', 'registerDate,desc', 'registerDate,asc'] as const;

/** GET /uaa/secured/getAllAccount */
export const CustomersQuery = v.object({
  ...PageQuery(15, 100),
  sort: ChoiceQuery(CUSTOMER_SORTS, 'El orden'),
  id: IdQuery('El User Id'),
  login: TextQuery('El email'),
  names: TextQuery('El nombre'),
  lastNames: TextQuery('Los apellidos'),
  group: ChoiceQuery(FILTER_GROUPS, 'El rol'),
  countryCode: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === '' || /^[A-Za-z]{2}$/.test(s), 'El país debe ser un código de dos letras.'),
      v.transform((s) => (s === '' ? undefined : s.toUpperCase())),
    ),
  ),
  startDate: DayQuery,
  endDate: DayQuery,
  enabled: ChoiceQuery(['1', '0'], 'El estado'),
});
export type CustomersQuery = v.InferOutput<typeof CustomersQuery>;
export const CustomersResponse = Envelope(PageOf(CustomerRow));

/** GET /uaa/secured/getSearchAccountList?search: the global search (data.size, data.elements). */
export const SearchAccountListQuery = v.object({
  search: v.pipe(v.string('Debe indicar qué buscar.'), v.trim(), v.minLength(1, 'Debe indicar qué buscar.'), v.maxLength(120)),
});
export const SearchAccountListResponse = Envelope(v.object({ size: v.number(), elements: v.array(CustomerRow) }));

/** GET /uaa/secured/getSearchAccount?email&phone: the clients screen (one of the two is needed). */
export const SearchAccountQuery = v.object({
  email: TextQuery('El email'),
  phone: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.replace(/[\s()+-]/g, '')),
      v.check((s) => s === '' || /^\d{4,15}$/.test(s), 'El teléfono debe tener solo dígitos.'),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  ),
  ...PageQuery(20, 100),
});
export const SearchAccountResponse = Envelope(PageOf(CustomerRow));

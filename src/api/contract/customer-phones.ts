import * as v from 'valibot';
import { ChartSnapshots } from './chart-snapshot';
import { Envelope, IsoDateTime } from './envelope';
import { AccountIdQuery } from './order-detail';
import { PhoneMsg } from '@/domain/phones';

/** A customer's phones (spec details §3 "Phone", §7 "Phones"). */

/** A phone of a customer, as the Telefono tab lists it. Numbers are digits with the country prefix. */
export const Phone = v.object({
  id: v.number(),
  accountId: v.number(),
  phoneNumber: v.string(),
  country: v.string(),
  isPrincipal: v.boolean(),
  isVerified: v.boolean(),
  blacklisted: v.boolean(),
  /** The verification codes sent and not yet answered. */
  verifyAttempts: v.number(),
  created: IsoDateTime,
  /** The reference server's: the phone's verification and listing charts (docs/contract.md). */
  charts: ChartSnapshots,
});
export type Phone = v.InferOutput<typeof Phone>;

/** GET /users/secured/phoneNumbers?accountId */
export const PhonesQuery = AccountIdQuery;
export const Phones = v.object({ elements: v.array(Phone), charts: ChartSnapshots });
export type Phones = v.InferOutput<typeof Phones>;
export const PhonesResponse = Envelope(Phones);

/** A phone number as staff type it: spaces, dashes, dots, brackets and a leading + are dropped. */
export const PhoneNumber = v.pipe(
  // A missing number reads as empty: both say "Debe especificar el telefono.".
  v.optional(v.string(PhoneMsg.phoneRequired), ''),
  v.transform((s) => s.replace(/[\s\-.()]/g, '').replace(/^\+/, '')),
  v.nonEmpty(PhoneMsg.phoneRequired),
  v.regex(/^\d{6,15}$/, PhoneMsg.phoneInvalid),
);

/** POST /users/secured/user-number/{verify, addprincipal, delete, create, reset-attempts}: accountId, phoneNumber. */
export const PhoneBody = v.object({
  accountId: v.pipe(v.optional(v.number(PhoneMsg.accountRequired), 0), v.integer(PhoneMsg.accountRequired), v.minValue(1, PhoneMsg.accountRequired)),
  phoneNumber: PhoneNumber,
});
export type PhoneBody = v.InferOutput<typeof PhoneBody>;

/** POST /users/secured/user-number/create: the prefix, then the number (spec details §5 "Add phone"), stored joined. */
export const PhoneCreateBody = v.object({
  accountId: v.pipe(v.optional(v.number(PhoneMsg.accountRequired), 0), v.integer(PhoneMsg.accountRequired), v.minValue(1, PhoneMsg.accountRequired)),
  prefix: v.pipe(
    v.optional(v.string(PhoneMsg.prefixRequired), ''),
    v.transform((s) => s.replace(/[\s+]/g, '')),
    v.nonEmpty(PhoneMsg.prefixRequired),
    v.regex(/^\d{1,4}$/, PhoneMsg.prefixInvalid),
  ),
  phoneNumber: PhoneNumber,
});
export type PhoneCreateBody = v.InferOutput<typeof PhoneCreateBody>;

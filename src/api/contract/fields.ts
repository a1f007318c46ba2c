import * as v from 'valibot';
import { AddressMsg, isHour, normalizeLandLine, normalizeMobile } from '@/domain/address-rules';

/*
 * Field schemas the item contracts share. A missing key gets the field's own message: required
 * fields read absent as empty (or 0) and then fail their first rule.
 */

/** A positive id in a JSON body. */
export const BodyId = (message: string) => v.pipe(v.optional(v.number(message), 0), v.integer(message), v.minValue(1, message));

/** A positive id in a query string, required. */
export const QueryId = (message: string) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.regex(/^\d{1,12}$/, message), v.transform(Number), v.minValue(1, message));

/** Required text, trimmed and bounded. */
export const RequiredText = (message: string, label: string, max: number) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message), v.maxLength(max, AddressMsg.tooLong(label, max)));

/** Optional text: absent, null or blank is null. */
export const OptionalText = (label: string, max: number) =>
  v.pipe(
    v.nullish(v.string(), ''),
    v.trim(),
    v.maxLength(max, AddressMsg.tooLong(label, max)),
    v.transform((s) => (s === '' ? null : s)),
  );

/** A Cuban mobile, required (`missing` when blank), stored as +53 and eight digits. */
export const CubanMobile = (missing: string = AddressMsg.mobile) =>
  v.pipe(
    v.optional(v.string(missing), ''),
    v.trim(),
    v.nonEmpty(missing),
    v.check((s) => normalizeMobile(s) !== null, AddressMsg.mobile),
    v.transform((s) => normalizeMobile(s)!),
  );

/** An optional Cuban land line, stored as its 7 or 8 digits. */
export const LandLine = v.pipe(
  v.nullish(v.string(), ''),
  v.trim(),
  v.check((s) => s === '' || normalizeLandLine(s) !== null, AddressMsg.landLine),
  v.transform((s) => (s === '' ? null : normalizeLandLine(s))),
);

/** An optional time of day (HH:mm). */
export const Hour = v.pipe(
  v.nullish(v.string(), ''),
  v.trim(),
  v.check((s) => s === '' || isHour(s), AddressMsg.hour),
  v.transform((s) => (s === '' ? null : s)),
);

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

/**
 * The version of a record the edit was made on (as it was read): a later version means someone
 * else changed it meanwhile and the edit is refused (409) instead of silently overwriting theirs.
 */
export const EditedVersion = v.optional(v.pipe(v.number('La versión debe ser un número.'), v.integer('La versión debe ser un número.'), v.minValue(0, 'La versión debe ser un número.')));

/** The id of the document a note or a log entry is about, as JSON sends it (text or number): stored as text. */
export const BodyDocId = v.pipe(
  v.optional(v.union([v.string(), v.number()], 'Debe indicar el documento.'), ''),
  v.transform((id) => String(id).trim()),
  v.nonEmpty('Debe indicar el documento.'),
  v.regex(/^\d{1,12}$/, 'El documento debe ser un número.'),
);

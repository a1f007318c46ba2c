/**
 * What free text may not hold: NUL and the other C0 controls but tab and line breaks, DEL, and
 * the bidirectional overrides and isolates (a name that reads "exe.pdf" but is "fdp.exe"). The
 * server refuses them in every body and query (server/http.ts); forms check them per field.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

/** Whether any text in a value (a body, at any depth, keys included) holds a control character. */
export function hasControlChars(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL_CHARS.test(value);
  if (Array.isArray(value)) return value.some(hasControlChars);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, inner]) => CONTROL_CHARS.test(key) || hasControlChars(inner));
  return false;
}

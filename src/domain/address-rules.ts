/**
 * The rules of a Cuban destination's fields (remittances, pickups, prepaid cards): one text and one
 * normal form each, shared by every address editor and the server, so a field means the same
 * wherever staff type it.
 */
export const AddressMsg = {
  mobile: 'El móvil debe ser un número cubano de 8 dígitos que empiece por 5 o 6.',
  landLine: 'El teléfono fijo debe tener entre 7 y 8 dígitos.',
  hour: 'La hora debe tener el formato HH:mm.',
  tooLong: (label: string, max: number) => `${label} no puede superar ${max} caracteres.`,
} as const;

const separators = /[\s().-]/g;

/** A Cuban mobile as stored: +53 and eight digits starting with 5 or 6; null when it is not one. */
export function normalizeMobile(text: string): string | null {
  const digits = text.replace(separators, '').replace(/^\+?53(?=\d{8}$)/, '');
  return /^[56]\d{7}$/.test(digits) ? `+53${digits}` : null;
}

/** A Cuban land line as stored: its 7 or 8 digits without the country code; null when it is not one. */
export function normalizeLandLine(text: string): string | null {
  const digits = text.replace(separators, '').replace(/^\+?53(?=\d{7,8}$)/, '');
  return /^\d{7,8}$/.test(digits) ? digits : null;
}

/** A time of day as HH:mm (24 hours). */
export const isHour = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

import { formatCount } from './format';
/** A customer's credit (spec details §4 "Account", §5 "Add or remove credit", §9 credit types). */

export const CREDIT_TYPES = ['CALL_CREDIT', 'EUR_CREDIT', 'CAD_CREDIT', 'CUP_CREDIT', 'FREE_MIN_PLUS', 'FREE_MIN_STANDARD', 'FREE_MIN_PREMIUM', 'MIN_STANDARD_EXP', 'MIN_PLUS_EXP', 'FREE_MLL', 'RETAIL_CREDIT'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

/**
 * The credit types as a person reads them (lists §9 "Credit types (filters and display)": USD, mini
 * calls, mini plus, min standard, SMS, EUR, CAD, CUP, min standard exp, min plus exp), and the two of
 * details §9 that list does not name.
 */
export const CREDIT_TYPE_LABELS: Readonly<Record<CreditType, string>> = {
  CALL_CREDIT: 'USD',
  FREE_MLL: 'Mini llamadas',
  FREE_MIN_PLUS: 'Mini plus',
  FREE_MIN_STANDARD: 'Min estándar',
  EUR_CREDIT: 'EUR',
  CAD_CREDIT: 'CAD',
  CUP_CREDIT: 'CUP',
  MIN_STANDARD_EXP: 'Min estándar (vence)',
  MIN_PLUS_EXP: 'Min plus (vence)',
  FREE_MIN_PREMIUM: 'Min premium',
  RETAIL_CREDIT: 'Crédito retail',
};

/**
 * The values a credit filter offers, in lists §9's order. Its "SMS" is not offered: details §9 has
 * no SMS credit type, so nothing stored could ever match it (docs/decisions.md).
 */
export const CREDIT_TYPE_FILTER: readonly CreditType[] = ['CALL_CREDIT', 'FREE_MLL', 'FREE_MIN_PLUS', 'FREE_MIN_STANDARD', 'EUR_CREDIT', 'CAD_CREDIT', 'CUP_CREDIT', 'MIN_STANDARD_EXP', 'MIN_PLUS_EXP'];

/** A stored credit type as shown; one the console does not know, as it came. */
export const creditTypeLabel = (type: string): string => CREDIT_TYPE_LABELS[type as CreditType] ?? type;

/** Minutes that expire: an increase of them says when (DD-MM-YYYY HH:mm:ss). */
export const EXPIRING_CREDIT_TYPES: readonly CreditType[] = ['MIN_STANDARD_EXP', 'MIN_PLUS_EXP'];

export const CREDIT_MOVES = ['INCREASE', 'DECREASE'] as const;
export type CreditMove = (typeof CREDIT_MOVES)[number];

/** The most one movement may carry (a typo of three zeros must not reach a balance). */
export const MAX_CREDIT_AMOUNT = 1_000_000;

/** Every money amount a person types: positive, at most two decimals, at most MAX_CREDIT_AMOUNT (9e15 is a typo, not a refund). */
export function isMoneyAmount(n: number, max = MAX_CREDIT_AMOUNT): boolean {
  return Number.isFinite(n) && n > 0 && n <= max && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/**
 * What a typed amount reads as: a number, or text of digits with at most two decimals after a point
 * or a comma ("1,5" is 1.5; "9e15", "1.234" and "-5" are not amounts). `null` when it is not a
 * positive amount of cents; the maximum is checked apart, so a form can say "too much" on its own.
 */
export function readMoneyAmount(typed: number | string): number | null {
  const n = typeof typed === 'number' ? typed : /^\d{1,12}([.,]\d{1,2})?$/.test(typed.trim()) ? Number(typed.trim().replace(',', '.')) : NaN;
  return isMoneyAmount(n, Number.MAX_SAFE_INTEGER) ? n : null;
}

/** The expiry format of expiring minutes, and how far ahead it defaults (15 days, at 23:59:59). */
export const CREDIT_EXPIRY_FORMAT = 'DD-MM-YYYY HH:mm:ss';
export const CREDIT_EXPIRY_DAYS = 15;

export const CreditMsg = {
  amount: 'La cantidad debe ser un numero entero mayor a 0',
  tooMuch: `La cantidad no puede superar ${formatCount(MAX_CREDIT_AMOUNT)}.`,
  expiry: 'Debe indicar un formato valido de fecha: DD-MM-YYYY HH:mm:ss',
  type: 'Debe indicar el tipo de crédito.',
  move: 'Debe indicar si se agrega o se quita crédito.',
  /** The balance never goes negative. */
  notEnough: (type: string) => `El saldo de ${type} del cliente no alcanza para quitar esa cantidad.`,
  refused: 'No se puede modificar el crédito del cliente.',
} as const;

/** Whether a text is a real date and time in DD-MM-YYYY HH:mm:ss. */
export function isCreditExpiry(text: string): boolean {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return false;
  const [day, month, year, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
}

/** What a change of credit asks: the type, the direction, the amount. */
export interface CreditChangeAsked {
  creditType: string;
  trnType: CreditMove;
  amount: number;
}

/** Why a change of a customer's credit is refused (taking more than the balance), or null: the credit chart's guard and its text. */
export function creditChangeRefusal(balances: Readonly<Record<string, number>>, asked: CreditChangeAsked): string | null {
  return asked.trnType === 'DECREASE' && (balances[asked.creditType] ?? 0) < asked.amount ? CreditMsg.notEnough(asked.creditType) : null;
}

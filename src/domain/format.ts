/** Display rules of spec lists §5, shared by every screen and the server's exports. */

/** A card number shows only its first 6 and last 4 digits. */
export function maskCard(cardNumber: string | null | undefined): string {
  if (!cardNumber) return '';
  const digits = cardNumber.replace(/\s+/g, '');
  if (digits.length <= 10) return digits;
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
}

/** First six and last four, as the gateways store them, joined for display. */
export function cardCaption(firstSix: string | null | undefined, lastFour: string | null | undefined): string {
  if (!firstSix && !lastFour) return '';
  return `${firstSix ?? ''}******${lastFour ?? ''}`;
}

/** A payment token hides its first third of characters. */
export function maskToken(token: string | null | undefined): string {
  if (!token) return '';
  const hidden = Math.floor(token.length / 3);
  return '*'.repeat(hidden) + token.slice(hidden);
}

/** A session time in seconds as h:mm:ss. */
export function formatSessionTime(totalSeconds: number | null | undefined): string {
  const seconds = Math.max(0, Math.floor(totalSeconds ?? 0));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Credit amounts are rounded up to 2 decimals (1.231 → 1.24; -1.239 → -1.23). */
export function roundUp2(amount: number): number {
  const scaled = Math.round(amount * 1e6) / 1e4; // drop floating noise before ceiling
  return Math.ceil(scaled) / 100;
}

export function formatCredit(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '';
  return formatNumber(roundUp2(amount));
}

/**
 * Some Cuban province names are stored with and without accents (spec lists §5 display rules):
 * every screen shows a province's name without them ('Camagüey' → 'Camaguey'), so one province
 * reads the same wherever it was stored.
 */
export function normalizeProvince(name: string | null | undefined): string {
  if (!name) return '';
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

export type ScoreTone = 'danger' | 'warning' | 'success';

/** Order score colour: above 0.5 danger, above 0 warning, otherwise success. */
export function orderScoreTone(score: number | null | undefined): ScoreTone {
  const value = score ?? 0;
  if (value > 0.5) return 'danger';
  if (value > 0) return 'warning';
  return 'success';
}

/** Scores are shown to 3 decimals (spec details §5), with the console's one locale rule. */
export function formatScore(score: number | null | undefined): string {
  return formatNumber(score ?? 0, 3);
}

/**
 * Risk control scores on 0–100 (the assessment's risk score, each rule's points; spec details §5:
 * above 50 danger). The console shows every score on the order's one scale (0–1, three decimals),
 * so the order's header and its risk tab read the same number: 36.1 → "0,361" (docs/decisions.md,
 * issue 39 §6).
 */
export function formatRiskScore(score: number | null | undefined): string {
  return formatScore((score ?? 0) / 100);
}

/**
 * The orders pager's total (spec lists §2): reduced by one when (total − 1) is not a multiple
 * of the page size. It never changes the number of pages, which is what the pager shows.
 */
export function ordersPagerTotal(total: number, size = 15): number {
  return total > 0 && (total - 1) % size !== 0 ? total - 1 : total;
}

/**
 * One locale rule for every number the console shows (docs/decisions.md "Numbers"): Spanish
 * (es-ES), decimal comma, a point between thousands from five digits on, as Intl writes it.
 */
export const NUMBER_LOCALE = 'es-ES';

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}-${max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALE, { minimumFractionDigits: min, maximumFractionDigits: max });
    formats.set(key, format);
  }
  return format;
}

/**
 * A number as Intl writes it in es-ES, without Intl: the first formatter of a locale loads the
 * locale's data, a long task of its own on a phone (issue 26), and the rule is short. Intl rounds
 * the shortest decimal that reads back as the number (1.005 is "1.005", not 1.00499…) half away
 * from zero; the zeros beyond `min` decimals go; a point between thousands once the whole part has
 * five digits. What the rule does not cover (not finite, 10²¹ or more, negative zero) is Intl's
 * (tests/domain/format.test.ts compares both on thousands of numbers).
 */
function spanishNumber(value: number, min: number, max: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21 || Object.is(value, -0)) return numberFormat(min, max).format(value);
  // The shortest digits and the exponent: "1.005e+0" → 1005, 0.
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  let whole = exponent >= 0 ? digits.slice(0, exponent + 1).padEnd(exponent + 1, '0') : '0';
  let fraction = exponent >= 0 ? digits.slice(exponent + 1) : '0'.repeat(-exponent - 1) + digits;
  if (fraction.length > max) {
    const up = fraction[max]! >= '5';
    fraction = fraction.slice(0, max);
    if (up) {
      // Add one at the last kept place, carrying through the fraction into the whole part.
      const all = (whole + fraction).split('');
      let at = all.length - 1;
      while (at >= 0 && all[at] === '9') all[at--] = '0';
      if (at >= 0) all[at] = String(Number(all[at]) + 1);
      else all.unshift('1');
      whole = all.slice(0, all.length - max).join('');
      fraction = all.slice(all.length - max).join('');
    }
  }
  fraction = fraction.padEnd(min, '0');
  let end = fraction.length;
  while (end > min && fraction[end - 1] === '0') end--;
  fraction = fraction.slice(0, end);
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+$)/g, '.') : whole;
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** A number with a fixed number of decimals (2 by default): 1234.5 → "1234,50"; 12345.5 → "12.345,50". */
export function formatNumber(value: number, decimals = 2): string {
  return spanishNumber(value, decimals, decimals);
}

/** A count or a number with up to `maxDecimals` decimals, none forced: 12000 → "12.000", 0.925 → "0,925". */
export function formatCount(value: number, maxDecimals = 0): string {
  return spanishNumber(value, 0, maxDecimals);
}

/** An amount and its currency: "1234,50 USD". */
export function formatMoney(amount: number, currency: string): string {
  return `${formatNumber(amount)} ${currency}`;
}

/** An amount as a form field starts with it: two decimals, decimal comma, no thousands point ("1234,50"). */
export function amountField(amount: number): string {
  return amount.toFixed(2).replace('.', ',');
}

/** A Cuban number stored with +53, as a form's eight digits. */
export const nationalPhone = (phone: string | null | undefined) => (phone ?? '').replace(/^\+53/, '');

/** Whether a payment element is a card the blacklist takes (by its unique number). */
export const isCardPayment = (element: { paymentMethodType: string; uniqueNumberIdentifier: string | null }) => element.uniqueNumberIdentifier !== null && /CARD/i.test(element.paymentMethodType);

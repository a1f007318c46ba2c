import { maskCard } from './format';

/**
 * What a stored transition keeps to be replayed (issue 40 §1): the event the chart was sent and
 * the chart's facts before the move, masked as the spec masks them (lists §5: a card number shows
 * its first 6 and last 4) and without a secret (a pin, a password, a token, a CVV, a secret, a
 * refresh key: dropped, not masked). One rule for the mover and every reader.
 */

/** The words of a key that make it a secret: `pin`, `cardPin`, `refresh_token`, `clientSecret`… (not `shipping`). */
const SECRET_WORDS = new Set(['pin', 'password', 'passwd', 'token', 'cvv', 'cvc', 'cvv2', 'secret', 'refresh', 'otp']);
/** The words that name a card number: `cardNumber`, `card_number`, `pan`. */
const CARD_KEY = /^(card(number|num|no)?|pan|cardnumbers?)$/;

/** A key's words, split at camelCase, snake_case, kebab-case and dots, lower-cased. */
const wordsOf = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);

export const isSecretKey = (key: string) => wordsOf(key).some((w) => SECRET_WORDS.has(w));
const isCardKey = (key: string) => CARD_KEY.test(wordsOf(key).join(''));

/** Luhn's check, so that only what can be a card number (13 to 19 digits) is masked wherever it is. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const looksLikeCard = (value: string) => {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits) && luhn(digits);
};

function masked(value: unknown, cardKey: boolean): unknown {
  // A date (or anything with its own JSON) as JSON.stringify would write it.
  if (value && typeof (value as { toJSON?: unknown }).toJSON === 'function') return masked((value as { toJSON(): unknown }).toJSON(), cardKey);
  if (typeof value === 'string') return cardKey || looksLikeCard(value) ? maskCard(value.replace(/-/g, '')) : value;
  if (Array.isArray(value)) return value.map((v) => masked(v, cardKey));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      if (isSecretKey(key)) continue;
      out[key] = masked(v, isCardKey(key));
    }
    return out;
  }
  return value;
}

/** A value as a transition stores it: secrets dropped, card numbers as their first 6 and last 4 (lists §5). */
export const replayMask = <T>(value: T): T => masked(value, false) as T;

/** The JSON text a transition stores of an event or of facts (masked); null when there is nothing. */
export const replayJson = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(replayMask(value)));

/** An entity's creation as the first moment of its history (issue 40 §4): from no state, by this event. */
export const CREATION = { from: '', event: 'created' } as const;

/**
 * Why a replayed step diverges (issue 40 §5), in Spanish: the state the history or the chart
 * expected and the one found, or the event the chart no longer allows there.
 */
export const ReplayMsg = {
  expected: (expected: string, found: string) => `Se esperaba el estado ${expected} y se encontró ${found}.`,
  notAllowed: (label: string, state: string) => `El chart ya no permite «${label}» en ${state}.`,
  current: (last: string, now: string) => `La historia termina en ${last} y la fila está hoy en ${now}.`,
  notFound: (chart: string, entityId: string) => `No hay historia ni fila de ${entityId} en el chart ${chart}.`,
} as const;

import { CURRENCY_CREDIT, TRANSFER_CURRENCIES, type TransferCurrency } from './transfer';
import { CreditMsg } from './credit';

/**
 * Converting a customer's balance from one currency to another (spec details §5 "Currency
 * conversion", §9: USD, EUR, CAD, CUP): origin and destination differ; a partial amount, or the
 * whole balance of the origin. The rate is the current one of the pair (or its inverse), less the
 * pair's fee; a pair without a rate goes through USD. What the customer receives is rounded down
 * to the cent.
 */

export const CONVERSION_CURRENCIES = TRANSFER_CURRENCIES;
export type ConversionCurrency = TransferCurrency;
export const CONVERSION_CREDIT = CURRENCY_CREDIT;

export const ConvertMsg = {
  account: 'Debe indicar el cliente.',
  currency: 'Debe indicar la moneda de origen y la de destino: USD, EUR, CAD o CUP.',
  same: 'La moneda de origen y la de destino deben ser diferentes.',
  amount: 'La cantidad debe ser un número mayor a 0 con hasta 2 decimales.',
  tooMuch: CreditMsg.tooMuch,
  flag: 'Debe indicar sí o no.',
  empty: (currency: string) => `El cliente no tiene saldo en ${currency} para convertir.`,
  notEnough: (currency: string) => `El saldo en ${currency} del cliente no alcanza para convertir esa cantidad.`,
  noRate: (from: string, to: string) => `No hay una tasa de cambio de ${from} a ${to}.`,
  tooSmall: 'La cantidad es demasiado pequeña: no alcanza un centavo en la moneda de destino.',
  refused: 'No se puede convertir el saldo del cliente.',
} as const;

export interface Rate {
  base: string;
  currency: string;
  rate: number;
  fee: number;
}

/** How much one unit of `from` gives in `to` after the fee, or null without a rate. */
export function conversionRate(from: string, to: string, rates: readonly Rate[]): number | null {
  const direct = rates.find((r) => r.base === from && r.currency === to);
  if (direct) return direct.rate * (1 - direct.fee);
  const inverse = rates.find((r) => r.base === to && r.currency === from);
  if (inverse) return (1 / inverse.rate) * (1 - inverse.fee);
  if (from === 'USD' || to === 'USD') return null;
  const first = conversionRate(from, 'USD', rates);
  const second = conversionRate('USD', to, rates);
  return first === null || second === null ? null : first * second;
}

/** What `amount` of `from` becomes in `to`, rounded down to the cent; null without a rate. */
export function convertAmount(amount: number, from: string, to: string, rates: readonly Rate[]): number | null {
  const rate = conversionRate(from, to, rates);
  return rate === null ? null : Math.floor(amount * rate * 100 + 1e-6) / 100;
}

/** What a conversion asks: from, to, and how much (null: the whole balance of the origin). */
export interface ConversionAsked {
  originCurrency: ConversionCurrency;
  destinyCurrency: ConversionCurrency;
  amount: number | null;
}

/** The balance of a currency among a customer's balances by credit type. */
const balanceIn = (balances: Readonly<Record<string, number>>, currency: ConversionCurrency) => balances[CONVERSION_CREDIT[currency]] ?? 0;

/**
 * Why a conversion of a customer's balances is refused (nothing to convert, not enough, no rate,
 * too small to reach a cent), or null when it is possible: the credit chart's guard and its
 * refusal text at once.
 */
export function conversionRefusal(balances: Readonly<Record<string, number>>, rates: readonly Rate[], asked: ConversionAsked): string | null {
  const balance = balanceIn(balances, asked.originCurrency);
  if (balance <= 0) return ConvertMsg.empty(asked.originCurrency);
  const amount = asked.amount ?? balance;
  if (amount > balance + 1e-9) return ConvertMsg.notEnough(asked.originCurrency);
  const received = convertAmount(amount, asked.originCurrency, asked.destinyCurrency, rates);
  if (received === null) return ConvertMsg.noRate(asked.originCurrency, asked.destinyCurrency);
  if (received <= 0) return ConvertMsg.tooSmall;
  return null;
}

/** Whether some whole balance converts to another currency (the button is offered). */
export function anyConversion(balances: Readonly<Record<string, number>>, rates: readonly Rate[]): boolean {
  return CONVERSION_CURRENCIES.some((from) => CONVERSION_CURRENCIES.some((to) => to !== from && conversionRefusal(balances, rates, { originCurrency: from, destinyCurrency: to, amount: null }) === null));
}

/** The rates a conversion may use: the pairs of the conversion currencies (a pair without one goes through USD, itself one). */
export const conversionRates = <T extends Rate>(rates: readonly T[]): Rate[] =>
  rates.filter((r) => (CONVERSION_CURRENCIES as readonly string[]).includes(r.base) && (CONVERSION_CURRENCIES as readonly string[]).includes(r.currency)).map(({ base, currency, rate, fee }) => ({ base, currency, rate, fee }));

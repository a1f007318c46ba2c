import type { CreditType } from './credit';
import { formatCount, type ScoreTone } from './format';

/** Transferring a customer's credit to another customer (spec details §2 "transfer credit", §5). */

export const TRANSFER_CURRENCIES = ['USD', 'EUR', 'CAD', 'CUP'] as const;
export type TransferCurrency = (typeof TRANSFER_CURRENCIES)[number];

/** The balance a currency's transfer moves. */
export const CURRENCY_CREDIT: Record<TransferCurrency, CreditType> = { USD: 'CALL_CREDIT', EUR: 'EUR_CREDIT', CAD: 'CAD_CREDIT', CUP: 'CUP_CREDIT' };

export const TRANSFER_MAX = 10_000;

export const TransferMsg = {
  amount: 'Debe especificar la cantidad.',
  amountInvalid: 'La cantidad debe ser un número mayor a 0 con hasta 2 decimales.',
  tooMuch: `La cantidad no puede superar ${formatCount(TRANSFER_MAX)}.`,
  destination: 'Debe especificar el destino.',
  currency: 'Debe indicar la moneda.',
  motive: 'El motivo no puede superar 200 caracteres.',
  notFound: 'No se ha encontrado al usuario',
  many: 'Se ha encontrado mas de un usuario',
  same: 'No puede transferir al mismo usuario',
  noPhone: 'No cuenta con nro telefonico asociado',
  notEnough: 'El saldo disponible no alcanza para transferir esa cantidad.',
  refused: 'No se puede transferir el crédito del cliente.',
} as const;

/** A destination as staff type it: an e-mail or alias, or a phone (digits, with or without +). */
export function destinationOf(text: string): { emailOrAlias?: string; phoneNumber?: string } {
  const value = text.trim();
  const digits = value.replace(/[\s\-.()+]/g, '');
  return /^\d{6,15}$/.test(digits) ? { phoneNumber: digits } : { emailOrAlias: value };
}

/** Why a transfer of a customer's credit is refused (more than the balance of its currency), or null: the transfer chart's guard and its text. */
export function transferRefusal(balances: Readonly<Record<string, number>>, asked: { amount: number; currency: TransferCurrency }): string | null {
  return (balances[CURRENCY_CREDIT[asked.currency]] ?? 0) < asked.amount ? TransferMsg.notEnough : null;
}

/** Whether any balance could be transferred (the button is offered). */
export const anyTransfer = (balances: Readonly<Record<string, number>>) => TRANSFER_CURRENCIES.some((c) => (balances[CURRENCY_CREDIT[c]] ?? 0) > 0);

/** A status as the Transfer tab shows it: its word and its tone. */
export interface StatusShown {
  label: string;
  /** The score tones' names (format.ts), so the screens colour it with the one tone table. */
  tone: ScoreTone | 'neutral';
}

/**
 * A transfer's status as details §4 shows it: COMPLETADO, EN_PROCESO, anything else an error. The
 * reference server stores COMPLETED / PENDING / FAILED / CANCELLED; the provider's words are taken
 * too. An error keeps its stored code beside it, so support can tell a failure from a cancellation.
 */
export function transferStatusShown(status: string): StatusShown {
  if (status === 'COMPLETED' || status === 'COMPLETADO') return { label: 'COMPLETADO', tone: 'success' };
  if (status === 'PENDING' || status === 'EN_PROCESO') return { label: 'EN_PROCESO', tone: 'warning' };
  return { label: status ? `ERROR (${status})` : 'ERROR', tone: 'danger' };
}

/** A payment request's status as details §4 shows it: APPROVED, OPEN, any other as it is. */
export function requestStatusShown(status: string): StatusShown {
  if (status === 'PAID' || status === 'APPROVED') return { label: 'APPROVED', tone: 'success' };
  if (status === 'PENDING' || status === 'OPEN') return { label: 'OPEN', tone: 'warning' };
  return { label: status, tone: 'neutral' };
}

import { formatMoney } from './format';
import { requestedText } from './messages';

/**
 * The words of four-eyes' rolling window (issue 28 §4), apart from src/domain/approvals.ts: every
 * action's dialog says them when a request waits with the earlier ones, and the order page's
 * bundle is near its budget.
 */

/** The earlier actions a request was weighed with: how many, their sum with the request's, the window. */
export interface WindowNames {
  hours: number;
  sumUsd: number | null;
  earlier: readonly unknown[];
}

/** The text of a 202's approval (src/api/contract/approval-requested.ts). */
export const waitingText = (a: { id: number; amount: number; currency: string; window: WindowNames | null }) =>
  requestedText(a.id, formatMoney(a.amount, a.currency), a.window ? windowNote(a.window) : null);

/** "Suma 600,00 USD con 1 acción anterior de la misma persona en 24 h": why a request that alone is below the threshold waits. */
export function windowNote(w: WindowNames): string {
  const n = w.earlier.length;
  const sum = w.sumUsd === null ? 'un monto sin cotización en USD' : formatMoney(w.sumUsd, 'USD');
  return `Suma ${sum} con ${n} ${n === 1 ? 'acción anterior' : 'acciones anteriores'} de la misma persona en ${w.hours} h`;
}

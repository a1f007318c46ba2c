/**
 * Returning the cost of a call (spec details §6 CRM_OPERADOR_USA, §7 "Call detail"): the whole
 * bill as call credit, or part of it as free minutes (FREE_MIN) or call credit (CALL_CREDIT). A
 * call is returned once in total: what its returns are worth never exceeds its bill. Free minutes
 * are worth what a billed minute of that call cost (bill ÷ billed minutes).
 */

export const CALL_RETURN_TYPES = ['FREE_MIN', 'CALL_CREDIT'] as const;
export type CallReturnType = (typeof CALL_RETURN_TYPES)[number];

/** The customer's credit each return type goes to. */
export const RETURN_CREDIT: Record<CallReturnType, 'FREE_MIN_STANDARD' | 'CALL_CREDIT'> = {
  FREE_MIN: 'FREE_MIN_STANDARD',
  CALL_CREDIT: 'CALL_CREDIT',
};

/** What the chart and the form read of a call. */
export interface CallCost {
  /** sessionBill, USD. */
  bill: number;
  /** What its returns are worth so far, USD. */
  returned: number;
  /** Seconds talked. */
  seconds: number;
}

const CENT = 0.005;

/** Minutes billed: every started minute. */
export const billedMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** USD still returnable. */
export const remainingOf = (call: CallCost) => Math.max(0, Math.round((call.bill - call.returned) * 100) / 100);

/** What a partial return is worth, USD (two decimals). */
export function returnValue(call: CallCost, type: CallReturnType, amount: number): number {
  const usd = type === 'FREE_MIN' ? (amount * call.bill) / billedMinutes(call.seconds) : amount;
  return Math.round(usd * 100) / 100;
}

/** The most a partial return of that type may carry now (whole minutes for FREE_MIN). */
export function maxReturn(call: CallCost, type: CallReturnType): number {
  const remaining = remainingOf(call);
  if (type === 'CALL_CREDIT') return remaining;
  const perMinute = call.bill / billedMinutes(call.seconds);
  return perMinute <= 0 ? 0 : Math.floor((remaining + CENT) / perMinute);
}

/** Whether a return of that value fits in what is left, and whether it leaves nothing. */
export const fits = (call: CallCost, value: number) => value > 0 && value <= remainingOf(call) + CENT;
export const completes = (call: CallCost, value: number) => fits(call, value) && remainingOf(call) - value < CENT;

/** Where a call stands: no cost to return, nothing returned, part, all. */
export function returnStatus(call: CallCost): 'unbilled' | 'open' | 'partial' | 'returned' {
  if (call.bill <= 0) return 'unbilled';
  if (call.returned <= 0) return 'open';
  return remainingOf(call) < CENT ? 'returned' : 'partial';
}

export const CallReturnMsg = {
  callId: 'Debe especificar la llamada.',
  type: 'Debe especificar el tipo de devolución: FREE_MIN o CALL_CREDIT.',
  amount: 'Debe especificar una cantidad mayor a 0.',
  minutes: 'Los minutos deben ser un número entero mayor a 0.',
  tooMuch: (max: string) => `La devolución supera lo que queda por devolver de la llamada (${max}).`,
  /** A second full return, or any return of a call already returned in full. */
  alreadyReturned: 'La llamada ya fue devuelta: no se puede devolver dos veces.',
  /** A full return after partial ones: the rest goes as a partial return. */
  partlyReturned: (remaining: string) => `La llamada ya tiene devoluciones parciales: devuelva lo que queda (${remaining} USD) como devolución parcial.`,
  unbilled: 'La llamada no tiene costo que devolver.',
  concurrent: 'Otra persona devolvió esta llamada al mismo tiempo. Vuelva a cargarla.',
} as const;

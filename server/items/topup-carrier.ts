import { MAX_TOPUP_TRIES, type TopupOutcome } from '@/domain/topup';

/** What the operator answered to one delivery attempt. */
export interface CarrierAnswer {
  outcome: TopupOutcome;
  result: 'SUCCESS' | 'FAILED';
  detail: string;
  transactionId: string | null;
}

/** Cubacel mobiles: 5 and seven digits, with or without the country code 53. */
const CUBACEL = /^(?:\+?53)?5\d{7}$/;
const NAUTA = /^[a-z0-9][a-z0-9._-]{0,63}@nauta\.com\.cu$/;

/**
 * The reference server's operator (no real one is reachable from it): it delivers to any
 * well-formed destination of its network (a Cubacel mobile, a Nauta account) and refuses the
 * rest. A refusal on the last allowed try gives up (IMPOSSIBLE). Deterministic, so tests can
 * choose the answer through the destination and the tries.
 */
export function carrierAnswer(item: { id: number; product_type: string; destination: string | null }, attempt: number, now: number): CarrierAnswer {
  const destination = item.destination ?? '';
  const valid = item.product_type === 'TOPUP_NAUTA' ? NAUTA.test(destination) : CUBACEL.test(destination.replace(/[\s().-]/g, ''));
  if (valid) return { outcome: 'delivered', result: 'SUCCESS', detail: 'Recarga entregada', transactionId: `CU${now}${item.id}`.slice(0, 24) };
  const reason = 'Destino no válido para el operador';
  return attempt >= MAX_TOPUP_TRIES
    ? { outcome: 'exhausted', result: 'FAILED', detail: `Se agotaron los intentos: ${reason}`, transactionId: null }
    : { outcome: 'failed', result: 'FAILED', detail: reason, transactionId: null };
}

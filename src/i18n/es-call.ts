import { formatCount, formatNumber } from '@/domain/format';

/** Texts of the call detail (spec details §2 "Call detail") and of returning a call's cost. */
export const callText = {
  tabs: {
    label: (callId: number) => `Detalle de la llamada ${callId}`,
    contact: 'Contacto',
    similar: 'Llamadas Similares',
    customer: 'Cliente Detalles',
    logs: 'Logs',
  },
  contact: {
    name: 'Nombre',
    country: 'País',
    prefix: 'Prefijo',
    phone: 'Teléfono',
    visible: 'Visible',
    yes: 'Sí',
    no: 'No',
    none: 'El cliente no tiene este número entre sus contactos.',
  },
  similar: {
    label: (callId: number) => `Llamadas similares a la ${callId}`,
    start: 'Inicio',
    empty: 'No hay otras llamadas del cliente a este número.',
  },
  summary: {
    cause: 'Estado',
    duration: 'Duración',
    bill: 'Importe',
    returned: 'Devuelto',
    remaining: 'Por devolver',
  },
  logsLabel: (callId: number) => `Logs de la llamada ${callId}`,
  actionsLabel: (callId: number) => `Acciones de la llamada ${callId}`,
  returns: {
    full: 'Devolver llamada',
    partial: 'Devolución parcial',
    partialTitle: 'Devolución parcial',
    type: 'Tipo',
    types: { FREE_MIN: 'Minutos libres (FREE_MIN)', CALL_CREDIT: 'Saldo de llamadas (CALL_CREDIT)' },
    amountMinutes: 'Minutos',
    amountUsd: 'Cantidad (USD)',
    max: (max: string) => `Máximo: ${max}`,
    minutes: (n: number) => `${formatCount(n, 2)} ${n === 1 ? 'minuto' : 'minutos'}`,
    fullQuestion: (callId: number, accountId: number) => `¿Devolver el costo completo de la llamada ${callId} al cliente ${accountId}?`,
    partialQuestion: (callId: number, type: 'FREE_MIN' | 'CALL_CREDIT', amount: number) =>
      `¿Devolver ${type === 'FREE_MIN' ? `${formatCount(amount, 2)} ${amount === 1 ? 'minuto' : 'minutos'} (FREE_MIN)` : `${formatNumber(amount)} USD (CALL_CREDIT)`} de la llamada ${callId}?`,
    fullDone: (callId: number, value: number) => `Llamada ${callId} devuelta: ${formatNumber(value)} USD al saldo de llamadas del cliente.`,
    partialDone: (callId: number, type: 'FREE_MIN' | 'CALL_CREDIT', amount: number, value: number) =>
      `Llamada ${callId}: ${type === 'FREE_MIN' ? `${amount} minutos libres` : `${formatNumber(amount)} USD de saldo`} devueltos (${formatNumber(value)} USD).`,
  },
} as const;

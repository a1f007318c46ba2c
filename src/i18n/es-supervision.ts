import { formatCount } from '@/domain/format';
import { es } from './es';
import { queueText } from './es-queues';
import type { SlaQueue } from '@/domain/sla';

/** What a reservation holds, named alone in a table ("Item 5") and inside a sentence ("el ítem 5"). */
const CLAIM_NOUNS = {
  item: { name: 'Item', inSentence: 'el ítem' },
  order: { name: 'Orden', inSentence: 'la orden' },
  approval: { name: 'Solicitud', inSentence: 'la solicitud' },
} as const;
type ClaimKind = keyof typeof CLAIM_NOUNS;

/** Supervisión's words (issue 28 §1; the spec is silent, docs/decisions.md "Issue 28, Supervisión"). */
export const supervisionText = {
  title: es.menu.supervision,
  intro:
    'La salud de las colas frente a su nivel de servicio, quién atiende qué y el trabajo de hoy. «En espera» cuenta lo que espera a cualquiera que trabaje la cola; cada especialista ve en la suya lo que espera por él. Se actualiza sola con cada cambio.',
  queues: { remittance: es.menu.remittanceQueue, risk: es.menu.riskQueue, approval: es.menu.approvals } satisfies Record<SlaQueue, string>,
  products: queueText.products,
  sections: {
    queues: 'Colas y niveles de servicio',
    provinces: 'Cola de Remesas por provincia',
    over: 'Fuera de plazo (los más antiguos)',
    claims: 'Reservas activas',
    work: 'Trabajo de hoy',
    history: 'Profundidad de las colas, últimos 7 días',
  },
  columns: {
    queue: 'Cola',
    depth: 'En espera',
    oldest: 'Más antiguo',
    p50: 'Espera p50',
    p90: 'Espera p90',
    level: 'Nivel de servicio',
    over: 'Fuera de plazo',
    state: 'Estado',
    province: 'Provincia',
    entry: 'Elemento',
    order: 'Orden',
    what: 'Qué',
    age: 'Espera',
    holder: 'Lo atiende',
    since: 'Desde',
    heldFor: 'Hace',
    actions: 'Acciones',
    person: 'Persona',
    action: 'Acción',
    count: 'Veces',
  },
  hours: (h: number) => `${formatCount(h, 3)} h`,
  overCount: (n: number) => (n === 0 ? 'Ninguno' : `${formatCount(n, 3)} fuera de plazo`),
  none: '—',
  entry: (kind: ClaimKind, id: number) => `${CLAIM_NOUNS[kind].name} ${id}`,
  emptyOver: 'Nada está fuera de plazo.',
  emptyClaims: 'Nadie tiene nada reservado ahora.',
  emptyWork: 'Nadie ha hecho nada todavía hoy.',
  emptyProvinces: 'No hay remesas esperando.',
  release: 'Liberar',
  releaseLabel: (entry: string, holder: string) => `Liberar ${entry} (de ${holder})`,
  claimGroup: (entry: string) => `Reserva de ${entry}`,
  releaseQuestion: (kind: ClaimKind, id: number, holder: string) =>
    `¿Liberar la reserva de ${holder} sobre ${CLAIM_NOUNS[kind].inSentence} ${id}? Quedará libre para cualquiera de la cola.`,
  released: (holder: string) => `La reserva de ${holder} quedó liberada. Se le avisará cuando vuelva a renovarla.`,
  releasedTitle: 'Liberada!',
  csv: 'Exportar CSV',
  csvFile: 'supervision.csv',
  noSample: 'sin dato',
  historyLabel: (days: number) => `Profundidad de cada cola al final de cada día, últimos ${days} días`,
  readAt: (at: string) => `Cifras de las ${at}`,
  /** A read that failed (the page keeps polling; docs/decisions.md "Issue 39, Supervisión's polling"). */
  readFailed: 'No se pudo actualizar; se reintentará.',
} as const;

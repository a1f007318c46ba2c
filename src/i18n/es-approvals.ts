import type { ApprovalNames as Approval } from '@/domain/approvals';
import { formatMoney } from '@/domain/format';

/** Four-eyes approval's words (issue 14 §6; the spec is silent, docs/decisions.md "Four-eyes approval"). */

const what = (a: Approval) => `la solicitud ${a.id} (${a.label} por ${formatMoney(a.amount, a.currency)}, pedida por ${a.requesterName})`;

export const approvalText = {
  title: 'Pendientes de aprobación',
  decidedTitle: 'Decididas',
  intro: (threshold: string) =>
    `Reembolsos, compensaciones, adiciones de crédito y aprobaciones de remesas por encima de ${threshold} esperan aquí a que otra persona con el mismo permiso las apruebe. Quien la pidió no puede decidirla.`,
  refresh: 'Actualizar',
  empty: 'No hay solicitudes pendientes de aprobación.',
  emptyDecided: 'Todavía no se ha decidido ninguna solicitud.',
  lists: { pending: 'Pendientes', decided: 'Decididas' },
  columns: {
    id: 'Solicitud',
    action: 'Acción',
    entity: 'Sobre',
    amount: 'Monto',
    usd: 'Equivale a',
    window: 'Con lo hecho antes',
    requester: 'Pedida por',
    requestedAt: 'Pedida el',
    expiresAt: 'Vence',
    status: 'Estado',
    decider: 'Decidida por',
    decidedAt: 'Decidida el',
    actions: 'Acciones',
  },
  own: 'Suya: la decide otra persona.',
  approve: 'Aprobar',
  reject: 'Rechazar',
  approveQuestion: (a: Approval) => `Aprobar ${what(a)}? La acción se hará ahora, a su nombre.`,
  rejectQuestion: (a: Approval) => `Rechazar ${what(a)}? La acción no se hará.`,
  approvedTitle: 'Aprobada',
  approvedText: (a: Approval) => `Solicitud ${a.id} aprobada: ${a.label} hecha.`,
  rejectedText: (a: Approval) => `Solicitud ${a.id} rechazada: ${a.label} no se hará.`,
  /** One earlier action a request was weighed with (issue 28 §4). */
  earlier: (label: string, amount: string, at: string) => `${label}: ${amount}, el ${at}`,
  entity: (a: Approval) => (a.docCode === 'ORDER' ? `Orden ${a.docId}` : `Cliente ${a.docId}`),
} as const;

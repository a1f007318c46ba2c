/** A customer's identity documents (spec details §3 "User document", §5): the rules both ends share. */

export const DOCUMENT_TYPES = ['IDENTITY_DOCUMENT', 'PASSPORT', 'DRIVING_LICENSE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** DRIVING_LICENSE etc. in Spanish (spec lists §5); an unknown type as it came. */
const TYPE_LABELS: Record<string, string> = { IDENTITY_DOCUMENT: 'Documento de identidad', PASSPORT: 'Pasaporte', DRIVING_LICENSE: 'Licencia de conducir' };
export const documentTypeLabel = (type: string | null | undefined) => (type ? (TYPE_LABELS[type] ?? type) : '');

/** A document as staff name it in questions, answers and the log: "Pasaporte 12". */
export const documentName = (d: { id: number; type: string }) => `${documentTypeLabel(d.type)} ${d.id}`;

export const DOCUMENT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/**
 * The statuses a document may come with (spec lists §4): the three the console reviews, and the
 * verification service's own (lower case), 'warning' shown as not started.
 */
export const DOCUMENT_SHOWN_STATUSES = [...DOCUMENT_STATUSES, 'completed', 'declined', 'expired', 'error', 'abandoned', 'warning'] as const;

/** The spec's labels, its spelling kept ('Aprovado'); the service's statuses in the same words (docs/decisions.md, issue 27). */
const STATUS_LABELS: Record<string, string> = {
  PENDING: 'Pendiente',
  APPROVED: 'Aprovado',
  REJECTED: 'Rechazada',
  completed: 'Completado',
  declined: 'Declinado',
  expired: 'Expirado',
  error: 'Error',
  abandoned: 'Abandonado',
  warning: 'No iniciado',
};
/** A status in Spanish; one no list names is shown as it came. */
export const documentStatusLabel = (status: string) => STATUS_LABELS[status] ?? status;

export const DocumentMsg = {
  /** Spec details §5 "Add document". */
  photoRequired: 'Debe agregar la foto del documento.',
  typeRequired: 'Debe elegir el tipo de documento.',
  statusInvalid: 'El estado del documento no es válido.',
  idRequired: 'Debe indicar el documento.',
} as const;

/** Why the document's chart refuses an action (the server answers 409 with the same words). */
export const DocumentRefused = {
  notPending: 'Solo un documento pendiente se puede aprobar o rechazar.',
  deleted: 'El documento fue eliminado.',
  /** Only a missing permission refuses a new document (the 403 says which). */
  add: 'No se puede agregar el documento.',
  concurrent: 'Otra persona modificó el documento al mismo tiempo. Vuelva a cargarlo.',
} as const;

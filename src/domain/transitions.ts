/**
 * The QA transition audit (issue 14 §7; the spec is silent, see docs/decisions.md "Auditoría de
 * Transiciones"): every stored transition of every chart, filtered, exported, and drawn on its
 * chart.
 */

export const TRANSITIONS_PAGE_SIZE = 50;
/** A CSV export holds at most this many transitions (the newest); the file says when it was cut. */
export const TRANSITIONS_EXPORT_MAX = 50_000;

export const AuditMsg = {
  chart: 'El chart no existe.',
  entity: 'La entidad debe ser un id de hasta 80 letras, números, signos o espacios.',
  actor: 'El actor debe ser un correo o usuario de hasta 120 caracteres.',
  event: 'El evento debe ser un nombre de hasta 80 letras, números o puntos.',
  day: 'La fecha debe tener el formato AAAA-MM-DD.',
  order: 'La fecha "desde" no puede ser posterior a la fecha "hasta".',
  format: 'El formato debe ser csv o json.',
} as const;

/** The CSV's columns, in order (the server writes it; the screen's table shows the same). */
export const TRANSITION_CSV_HEADERS = ['Id', 'Chart', 'Documento', 'Entidad', 'Desde', 'Evento', 'Hasta', 'Actor', 'Fecha', 'Solicitud'] as const;

/** An entity's history as CSV (issue 40 §6): one line per moment, its columns in order. */
export const HISTORY_CSV_HEADERS = ['Id', 'Tipo', 'Fecha', 'Actor', 'Desde', 'Evento', 'Hasta', 'Motivo', 'Divergencia', 'Cambios'] as const;

/** A history's moments by kind, in Spanish (the CSV's 'Tipo'; a first moment's event). */
export const HISTORY_KIND_LABELS = {
  created: 'Creación',
  'current-row': 'Tomado de la fila actual',
  move: 'Movimiento',
  refusal: 'Intento rechazado',
} as const;

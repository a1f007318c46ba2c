import { Msg } from '@/domain/messages';
import { formatCount } from '@/domain/format';

/** What was said and done about a document (an order, a customer, a charge order): notes and action logs. */
export const activityText = {
  empty: Msg.emptyResult,
  notes: {
    agent: 'Agente',
    date: 'Fecha',
    description: 'Nota',
    newNote: 'Nueva nota',
    submit: 'Agregar nota',
    successTitle: Msg.approved,
    successText: 'peticion completada.',
    question: (docCode: string, docId: number) => `¿Agregar la nota al documento ${docCode} ${docId}?`,
    refused: 'No puede escribir en este documento.',
    logLabel: 'Registrar en los logs',
    /** `limited`: the total is where counting stopped (NOTES_COUNT_CAP), "de más de 1000". */
    more: (shown: number, total: number, limited = false) => `Se muestran las ${formatCount(shown)} más recientes de ${limited ? 'más de ' : ''}${formatCount(total)}.`,
  },
  logs: {
    executor: 'Ejecutor',
    date: 'Fecha',
    channel: 'Canal',
    description: 'Descripción',
    changes: 'Cambios',
    filter: 'Filtrar por descripción',
    apply: 'Filtrar',
    clear: 'Limpiar',
    change: (field: string, before: string, after: string) => `${field}: ${before} → ${after}`,
    none: '—',
  },
} as const;

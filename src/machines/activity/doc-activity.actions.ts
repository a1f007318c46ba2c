import { ActionLog, ActionLogCreateBody } from '@/api/contract/settings';
import { Note, NoteCreateBody } from '@/api/contract/order-detail';
import type { DocCode } from '@/domain/diff';
import { DOC_PERMISSION, loggedDocCode, NOTE_LOG_CODE } from '@/domain/doc-permissions';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { activityText } from '@/i18n/es-activity';
import { rowOf } from '@/machines/lifecycle/table';
import { noteForm, type ActivityContext, type DocSubject } from './doc-activity.form';

export type { ActivityContext, DocSubject };

/**
 * What staff add to a document besides acting on it (spec details §7 "POST
 * /uaa/secured/doc-note/create", "POST /users/secured/action-logs/create"): a note (Notas of an
 * order, a customer, a charge order), by an editor who may read the document; and a log entry the
 * console writes itself, which also needs CRM7_DO_ACTION (no button: a call of the contract).
 */

export type ActivityEvent = { type: 'note.create' } | { type: 'log.create' };

/** A document's chart, as the server's store and the Notas tab restore it: always open. */
export const activityInput = (docCode: DocCode) => ({ status: 'open', docCode });

const row = rowOf<ActivityEvent, ActivityContext, DocSubject>();
const text = activityText.notes;
const key = (docCode: DocCode, docId: string) => ({ docCode, docId: Number(docId) });

export const docActivityActions = [
  row({
    event: 'note.create',
    label: text.submit,
    permissions: (_e, c) => [DOC_PERMISSION[c.docCode]],
    form: noteForm,
    // The spec's note creation asks nothing: "Esperando Respuesta!", then "Aprobado! peticion completada." (the Notas tab sends it without the question).
    confirm: (s) => text.question(s.docCode, s.docId),
    success: { title: Msg.approved, text: () => text.successText },
    refused: text.refused,
    wire: { client: 'uaa', method: 'POST', path: '/uaa/secured/doc-note/create', body: NoteCreateBody, data: Note },
    request: (s, description: string) => ({ body: { docCode: s.docCode, docId: String(s.docId), accountId: s.accountId, description } }),
    targets: (r) => [key(NOTE_LOG_CODE[r.body.docCode], r.body.docId)],
    handler: 'note',
  }),
  row({
    event: 'log.create',
    label: text.logLabel,
    hidden: true,
    permissions: (_e, c) => [Permission.DO_ACTION, DOC_PERMISSION[c.docCode]],
    confirm: () => text.logLabel,
    success: { text: () => text.successText },
    refused: text.refused,
    wire: { client: 'users', method: 'POST', path: '/users/secured/action-logs/create', body: ActionLogCreateBody, data: ActionLog },
    request: (_s, body: ActionLogCreateBody) => ({ body }),
    targets: (r) => [key(loggedDocCode(r.body.docCode), r.body.docId)],
    handler: 'log',
  }),
];

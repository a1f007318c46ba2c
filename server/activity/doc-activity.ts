import type { ActionLogCreateBody } from '@/api/contract/settings';
import type { NoteCreateBody } from '@/api/contract/order-detail';
import type { DocCode } from '@/domain/diff';
import { malformed } from '../refusals';
import { bind, bodyOf, type Store } from '../lifecycle/binding';
import { docActivity } from '@/machines/activity/doc-activity.machine';
import { activityInput } from '@/machines/activity/doc-activity.actions';
import { loggedDocCode } from '@/domain/doc-permissions';
import { documentAccount, insertNote } from './notes';
import { insertClientLog } from './action-logs';

/**
 * A document's notes and console log entries as rows of the docActivity chart: the document must
 * exist (404; the settings' own logs are not a client's), a note's `accountId` must be the
 * document's (400), and the mover writes the note's action log (`note.create`, "Nota agregada: …")
 * and audit row. A log entry is the entry itself (the mover records the transition only).
 */

type DocRecord = { docCode: DocCode; docId: number; accountId: number };
type DocKey = { docCode: DocCode; docId: number };

const docStore: Store<DocRecord, DocKey> = {
  docCode: 'CUSTOM',
  docCodeOf: (r) => r.docCode,
  docId: (r) => String(r.docId),
  // Unique among the chart's entities (an order and a customer may share a number): a history is the chart's and this id's.
  idOf: (r) => `${r.docCode}-${r.docId}`,
  action: (_chart, event) => event.type,
  find: async (trx, key) => [{ ...key, accountId: await documentAccount(trx, key.docCode, key.docId) }],
  input: async (_trx, r) => activityInput(r.docCode),
  save: async () => {},
};

/** "Nota agregada: …", cut to 120 characters. */
const noteLogged = (text: string) => `Nota agregada: ${text.length > 120 ? `${text.slice(0, 117)}...` : text}`;

export const docActivityBinding = bind<DocRecord, DocKey>({
  lifecycle: docActivity,
  store: docStore,
  handlers: {
    note: {
      check({ record, request }) {
        const { accountId } = bodyOf<NoteCreateBody>(request);
        if (accountId !== undefined && accountId !== null && accountId !== record.accountId) throw malformed('El usuario no corresponde al documento.');
      },
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<NoteCreateBody>(request);
        const note = await insertNote(trx, ctx.principal, body, record.accountId, ctx.now);
        return { description: noteLogged(body.description), before: { note: null }, after: { note: body.description }, data: note };
      },
    },
    log: {
      async perform({ trx, ctx, request }) {
        const body = bodyOf<ActionLogCreateBody>(request);
        const entry = await insertClientLog(trx, ctx.principal, body, loggedDocCode(body.docCode), ctx.now);
        return { description: body.description, data: entry };
      },
    },
  },
  describe: (row, r) => `${row.label}: ${r.docCode} ${r.docId}`,
});

import { checkBody } from '@/api/contract/check';
import { NOTE_MAX_LENGTH, NoteCreateBody, type NoteDocCode } from '@/api/contract/order-detail';
import { activityText } from '@/i18n/es-activity';
import { formOf } from '@/machines/lifecycle/form';
import type { DocCode } from '@/domain/diff';

export interface ActivityContext {
  status: string;
  /** The document's kind as the logs name it (a customer is CUSTOM): its view permission is the rows'. */
  docCode: DocCode;
  permissions: readonly string[];
}

/** The document a note is written on. */
export interface DocSubject {
  docCode: NoteDocCode;
  docId: number;
  accountId: number | null;
}

/** A note: its text, checked by the contract ("Debe escribir la nota.", at most 2,000 characters); the payload is the text trimmed. */
export const noteForm = formOf<ActivityContext, DocSubject>()({
  title: activityText.notes.newNote,
  id: (s) => `note-${s.docCode}-${s.docId}`,
  fields: [{ kind: 'textarea', name: 'description', id: '', label: activityText.notes.newNote, rows: 3, maxLength: NOTE_MAX_LENGTH }],
  initial: () => ({ description: '' }),
  validate: (f: { description: string }, _c, s) => {
    const checked = checkBody(NoteCreateBody, { docCode: s.docCode, docId: String(s.docId), accountId: s.accountId, description: f.description });
    return checked.ok ? { ok: true, payload: checked.payload.description } : checked;
  },
});

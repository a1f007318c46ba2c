import { useId, useState } from 'react';
import { useServices } from './session';
import { NoteMsg, type NoteDocCode, type NotesPage } from '@/api/contract/order-detail';
import { createDocNote } from '@/api/order-detail';
import { formatDateTime } from '@/domain/time';
import { ActionFlowDialogs, useActionFlow } from './action-flow';
import { Button } from './button';
import { DetailTabView, type DetailTab } from './detail-tab';
import { EditorOnly } from './editor-only';
import { activityText } from '@/i18n/es-activity';

/** The document a note is written on: an order, a customer, a charge order. */
export interface NoteDoc {
  docCode: NoteDocCode;
  docId: number;
  accountId: number | null;
}

const noteText = activityText.notes;

/** Creating a note asks nothing ("Esperando Respuesta!" then "Aprobado!"); an empty note is refused. */
function NoteForm({ doc, onCreated }: { doc: NoteDoc; onCreated: () => void }) {
  const services = useServices();
  const [text, setText] = useState('');
  const fieldId = useId();
  const errorId = useId();
  const flow = useActionFlow<string, string>({
    confirm: false,
    successTitle: noteText.successTitle,
    successText: noteText.successText,
    validate: (form) => (form.trim() === '' ? { ok: false, message: NoteMsg.empty } : { ok: true, payload: form.trim() }),
    perform: async (description) => {
      await createDocNote(services.uaa, { docCode: doc.docCode, docId: String(doc.docId), accountId: doc.accountId, description });
    },
    onDone: () => {
      setText('');
      onCreated();
    },
  });
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        flow.submit(text);
      }}
    >
      <label htmlFor={fieldId} className="block text-xs font-medium text-slate-600">
        {noteText.newNote}
      </label>
      <textarea
        id={fieldId}
        value={text}
        rows={3}
        maxLength={2000}
        aria-invalid={flow.invalidMessage ? true : undefined}
        aria-describedby={flow.invalidMessage ? errorId : undefined}
        onChange={(event) => setText(event.target.value)}
        className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500"
      />
      {flow.invalidMessage ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {flow.invalidMessage}
        </p>
      ) : null}
      <Button type="submit" disabled={flow.busy}>
        {noteText.submit}
      </Button>
      <ActionFlowDialogs actor={flow.actor} />
    </form>
  );
}

function NoteList({ page, label }: { page: NotesPage; label: string }) {
  if (page.elements.length === 0) return <p className="text-sm text-slate-600">{activityText.empty}</p>;
  return (
    <div className="space-y-2">
      <ul aria-label={label} className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
        {page.elements.map((note) => (
          <li key={note.id} className="px-3 py-2 text-sm">
            <p className="whitespace-pre-wrap text-slate-900">{note.description}</p>
            <p className="mt-1 text-xs text-slate-600">
              {formatDateTime(note.created)} · {note.emailAgent ?? ''}
            </p>
          </li>
        ))}
      </ul>
      {page.totalElements > page.elements.length ? <p className="text-xs text-slate-600">{noteText.more(page.elements.length, page.totalElements)}</p> : null}
    </div>
  );
}

/** Notas of a document: its notes, newest first, and (for editors) the form to add one. */
export function DocNotes({ tab, doc, label, onCreated }: { tab: DetailTab<NotesPage>; doc: NoteDoc; label: string; onCreated: () => void }) {
  return (
    <div className="space-y-4">
      <EditorOnly>
        <NoteForm doc={doc} onCreated={onCreated} />
      </EditorOnly>
      <DetailTabView tab={tab}>{(page) => <NoteList page={page} label={label} />}</DetailTabView>
    </div>
  );
}

import { useId, useState } from 'react';
import { useServices } from '@/ui/session';
import type { Services } from '@/api/services';
import type { OrderRow } from '@/api/contract/order-lists';
import { NoteMsg, type NotesPage } from '@/api/contract/order-detail';
import { createDocNote, getOrderNotes } from '@/api/order-detail';
import { formatDateTime } from '@/domain/time';
import { ActionFlowDialogs, useActionFlow } from '@/ui/action-flow';
import { Button } from '@/ui/button';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { EditorOnly } from '@/ui/editor-only';
import { orderText } from '@/i18n/es-order';

const NOTES_SHOWN = 100;

export function loadNotes(services: Services, order: OrderRow) {
  return getOrderNotes(services.orders, order.id, NOTES_SHOWN);
}

const noteText = orderText.notes;

/** Creating a note asks nothing ("Esperando Respuesta!" then "Aprobado!"); an empty note is refused. */
function NoteForm({ order, onCreated }: { order: OrderRow; onCreated: () => void }) {
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
      await createDocNote(services.uaa, { docCode: 'ORDER', docId: String(order.id), accountId: order.accountId, description });
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

function NoteList({ page }: { page: NotesPage }) {
  if (page.elements.length === 0) return <p className="text-sm text-slate-600">{orderText.empty}</p>;
  return (
    <div className="space-y-2">
      <ul aria-label={noteText.list} className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200">
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

/** Notas: the order's notes, newest first, and (for editors) the form to add one. */
export function NotesTab({ tab, order, onCreated }: { tab: DetailTab<NotesPage>; order: OrderRow; onCreated: () => void }) {
  return (
    <div className="space-y-4">
      <EditorOnly>
        <NoteForm order={order} onCreated={onCreated} />
      </EditorOnly>
      <DetailTabView tab={tab}>{(page) => <NoteList page={page} />}</DetailTabView>
    </div>
  );
}

import { useId, useState } from 'react';
import { useActorPermissions, useServices, useSession } from '@/ui/session';
import type { NoteDocCode, NotesPage } from '@/api/contract/order-detail';
import { sendAction } from '@/api/actions';
import { NOTE_LOG_CODE } from '@/domain/doc-permissions';
import { formatDateTime } from '@/domain/time';
import { restoredChart } from '@/machines/lifecycle/restore';
import { offered, rowFor } from '@/machines/lifecycle/table';
import { docActivity } from '@/machines/activity/doc-activity.machine';
import { activityInput, type DocSubject } from '@/machines/activity/doc-activity.actions';
import { ActionFlowDialogs, useActionFlow } from '@/ui/action-flow';
import { Button } from '@/ui/button';
import { DetailTabView, type DetailTab } from '@/ui/detail-tab';
import { RowFormFields } from '@/ui/row-form';
import { activityText } from '@/i18n/es-activity';

/** The document a note is written on: an order, a customer, a charge order. */
export interface NoteDoc {
  docCode: NoteDocCode;
  docId: number;
  accountId: number | null;
}

const noteText = activityText.notes;
/** The docActivity table's note row: its form, its request, its success word and text. */
const NOTE = rowFor(docActivity.rows, 'note.create')!;
const FORM = NOTE.form!;

type NoteValue = Readonly<Record<string, unknown>>;

/**
 * Creating a note (the docActivity chart's row, offered as its chart allows: an editor who may read
 * the document): the row's form in place, its check beside it ("Debe escribir la nota."), no
 * question ("Esperando Respuesta!" then "Aprobado! peticion completada.", spec details §8).
 */
function NoteForm({ doc, onCreated }: { doc: DocSubject; onCreated: () => void }) {
  const services = useServices();
  const permissions = useActorPermissions();
  const accountId = useSession((c) => c.profile?.accountId ?? 0);
  const chart = restoredChart(docActivity.machine, { ...activityInput(NOTE_LOG_CODE[doc.docCode]), permissions });
  const [value, setValue] = useState<NoteValue>(() => FORM.initial(chart.context, doc) as NoteValue);
  const errorId = useId();
  const flow = useActionFlow<NoteValue, string>({
    confirm: false,
    ...(NOTE.success.title ? { successTitle: NOTE.success.title } : {}),
    validate: (form) => FORM.validate(form, chart.context, doc),
    perform: async (description) => {
      const sent = await sendAction(services, { accountId, tenant: services.config.tenant }, NOTE as never, doc as never, description as never);
      return NOTE.success.text(doc, 'data' in sent ? sent.data : null, description);
    },
    onDone: () => {
      setValue(FORM.initial(chart.context, doc) as NoteValue);
      onCreated();
    },
  });
  if (!offered(NOTE, chart)) return null;
  return (
    <form
      className="space-y-2"
      data-mutating=""
      aria-describedby={flow.invalidMessage ? errorId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        flow.submit(value);
      }}
    >
      <RowFormFields form={FORM} value={value} change={(patch) => setValue({ ...value, ...patch })} context={chart.context} subject={doc} />
      {flow.invalidMessage ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {flow.invalidMessage}
        </p>
      ) : null}
      <Button type="submit" disabled={flow.busy}>
        {NOTE.label}
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
      {page.totalElements > page.elements.length ? <p className="text-xs text-slate-600">{noteText.more(page.elements.length, page.totalElements, page.totalLimited ?? false)}</p> : null}
    </div>
  );
}

/** Notas of a document: its notes, newest first, and (for editors) the form to add one. */
export function DocNotes({ tab, doc, label, onCreated }: { tab: DetailTab<NotesPage>; doc: NoteDoc; label: string; onCreated: () => void }) {
  return (
    <div className="space-y-4">
      <NoteForm doc={doc} onCreated={onCreated} />
      <DetailTabView tab={tab}>{(page) => <NoteList page={page} label={label} />}</DetailTabView>
    </div>
  );
}

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotesPage } from '@/api/contract/order-detail';
import { Permission } from '@/domain/permissions';
import { DocNotes, type NoteDoc } from '@/features/activity/doc-notes';
import { useShownDetail } from '@/ui/detail-tab';
import { renderAs } from './support';

/**
 * Notas: the note form is the docActivity chart's row, offered as the chart allows (an editor who
 * may read the document), sent without a question ("Esperando Respuesta!", then "Aprobado!").
 */

const none: NotesPage = { elements: [], totalElements: 0, countElements: 0 };

function Notes({ doc, page = none }: { doc: NoteDoc; page?: NotesPage }) {
  const tab = useShownDetail<NotesPage>(async () => page);
  return <DocNotes tab={tab} doc={doc} label="Notas" onCreated={() => {}} />;
}

const customer: NoteDoc = { docCode: 'CUSTOMER', docId: 12, accountId: 12 };

describe('Notas', () => {
  it("sends the row's body without asking and says 'Aprobado! peticion completada.'", async () => {
    const user = userEvent.setup();
    const { bodies } = renderAs('soporte', <Notes doc={customer} />, {
      answers: { 'POST secured/doc-note/create': { id: 1, description: 'Llamó', created: '2026-01-01T00:00:00.000Z', emailAgent: 'soporte@consola.example', docCode: 'CUSTOMER', docId: '12', accountId: 12 } },
    });
    await user.type(screen.getByLabelText('Nueva nota'), '  Llamó  ');
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    const done = await screen.findByRole('dialog', { name: 'Aprobado!' });
    expect(done).toHaveTextContent('peticion completada.');
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    expect(bodies).toEqual([{ request: 'POST secured/doc-note/create', json: { docCode: 'CUSTOMER', docId: '12', accountId: 12, description: 'Llamó' } }]);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Nueva nota')).toHaveValue('');
  });

  const note = (id: number) => ({ id, description: `Nota ${id}`, created: '2026-01-01T00:00:00.000Z', emailAgent: 'soporte@consola.example', docCode: 'ORDER', docId: '12', accountId: 12 });

  it('says how many notes the page leaves out', async () => {
    renderAs('lector', <Notes doc={customer} page={{ elements: [note(2), note(1)], totalElements: 37, countElements: 2 }} />);
    expect(await screen.findByText('Se muestran las 2 más recientes de 37.')).toBeVisible();
  });

  it('says "más de" where the server stopped counting', async () => {
    renderAs('lector', <Notes doc={customer} page={{ elements: [note(2), note(1)], totalElements: 1000, countElements: 2, totalLimited: true }} />);
    expect(await screen.findByText('Se muestran las 2 más recientes de más de 1000.')).toBeVisible();
  });

  it("is not offered to an editor who may not read the document's kind", () => {
    renderAs('entregas', <Notes doc={customer} />, { permissions: [Permission.LOGIN, Permission.EDITOR, Permission.VIEW_ORDERS] });
    expect(screen.queryByLabelText('Nueva nota')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar nota' })).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BLACKLIST_TYPES } from '@/api/contract/settings';
import { settingsText } from '@/i18n/es-settings';
import { AddEntryDialog } from '@/screens/settings/add-entry-dialog';
import { parseBlacklistBody } from '@/screens/settings/parse-body';

/**
 * Settings › Lista Negra › "Agregar a la Lista Negra", drawn as the tab draws it, with `add` a spy
 * (no server). Moved from tests/e2e/settings.spec.ts: the dialog's default type and the spec's
 * validation messages, before anything is sent.
 */

function renderAddEntry() {
  const add = vi.fn(() => Promise.resolve());
  render(
    <AddEntryDialog
      id="blacklist-add"
      buttonLabel={settingsText.blacklist.add}
      title={settingsText.blacklist.addTitle}
      types={BLACKLIST_TYPES}
      parseBody={parseBlacklistBody}
      add={add}
      successText={settingsText.blacklist.added}
      onAdded={() => {}}
    />,
  );
  return add;
}

describe('Agregar a la Lista Negra', () => {
  it('opens with PHONE chosen', async () => {
    const user = userEvent.setup();
    renderAddEntry();
    await user.click(screen.getByRole('button', { name: 'Agregar a la Lista Negra' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar a la Lista Negra' });
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('PHONE');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('refuses a missing type, then a missing value, with the spec’s messages, and sends nothing', async () => {
    const user = userEvent.setup();
    const add = renderAddEntry();
    await user.click(screen.getByRole('button', { name: 'Agregar a la Lista Negra' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar a la Lista Negra' });

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Debe especificar el tipo\.$/);

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'PHONE');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Debe especificar el valor\.$/);

    // Only spaces are no value either.
    await user.type(within(dialog).getByLabelText('Valor'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Debe especificar el valor\.$/);

    // Refused, the form stays open and nothing was asked of the confirm step or the server.
    expect(screen.getByRole('dialog', { name: 'Agregar a la Lista Negra' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    expect(add).not.toHaveBeenCalled();
  });

  it('a complete entry goes on to "Estas seguro?" without sending yet', async () => {
    const user = userEvent.setup();
    const add = renderAddEntry();
    await user.click(screen.getByRole('button', { name: 'Agregar a la Lista Negra' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar a la Lista Negra' });
    await user.type(within(dialog).getByLabelText('Valor'), '5355123456');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toBeInTheDocument();
    expect(screen.queryByText('Debe especificar el valor.')).toBeNull();
    expect(add).not.toHaveBeenCalled();
  });
});

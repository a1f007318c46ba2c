import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GLOBAL_PREFIX } from '@/api/contract/settings';
import { snapshotOf } from '@/api/contract/chart-snapshot';
import type { HeldClaim } from '@/api/contract/supervision';
import { Permission } from '@/domain/permissions';
import { blacklistEntry, recipientEntry } from '@/machines/settings/list-entry.machine';
import { smsPrefix } from '@/machines/settings/sms-prefix.machine';
import { ChartActions, snapshotPart, useChartFlow } from '@/ui/chart-actions';
import { AddEntry } from '@/screens/settings/add-entry';
import { ClaimsTable } from '@/screens/supervision/sections';
import { renderAs } from './support';

/**
 * Settings' lists and Supervisión's release as their charts offer them (no server: the services
 * record what they were asked). The add dialog's default type and the spec's messages, the types the
 * chart takes from each staff member, "Global" without "Eliminar", and no button without
 * CRM_SETTINGS (or CRM_SUPERVISION): what the server refuses is not offered.
 */

const SETTINGS_EDITOR = [Permission.LOGIN, Permission.EDITOR, Permission.SETTINGS, Permission.DO_ACTION];

describe('Agregar a la Lista Negra', () => {
  const open = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Agregar a la Lista Negra' }));
    return screen.getByRole('dialog', { name: 'Agregar a la Lista Negra' });
  };
  const types = (dialog: HTMLElement) => within(within(dialog).getByLabelText('Tipo')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value);

  it('opens with PHONE chosen', async () => {
    const user = userEvent.setup();
    renderAs('admin', <AddEntry lifecycle={blacklistEntry} label="Lista Negra" onAdded={() => {}} />);
    const dialog = await open(user);
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('PHONE');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('refuses a missing type, then a missing value, with the spec’s messages, and sends nothing', async () => {
    const user = userEvent.setup();
    const { sent } = renderAs('admin', <AddEntry lifecycle={blacklistEntry} label="Lista Negra" onAdded={() => {}} />);
    const dialog = await open(user);

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), '');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Debe especificar el tipo\.$/);

    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'PHONE');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText(/^Debe especificar el valor\.$/)).toBeInTheDocument();

    // Only spaces are no value either; a value the contract refuses says the contract's message.
    await user.type(within(dialog).getByLabelText('Valor'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText(/^Debe especificar el valor\.$/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Valor'));
    await user.type(within(dialog).getByLabelText('Valor'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText('El teléfono debe tener entre 6 y 15 dígitos.')).toBeInTheDocument();

    expect(screen.getByRole('dialog', { name: 'Agregar a la Lista Negra' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Estas seguro?' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it("a complete entry asks first, then sends the row's request and says what was added", async () => {
    const user = userEvent.setup();
    let added = 0;
    const { sent, bodies } = renderAs('admin', <AddEntry lifecycle={blacklistEntry} label="Lista Negra" onAdded={() => (added += 1)} />, {
      answers: { 'POST secured/add': { changed: 1 } },
    });
    const dialog = await open(user);
    await user.type(within(dialog).getByLabelText('Valor'), '5355123456');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Estas seguro?' });
    expect(confirm).toHaveTextContent('¿Agregar PHONE 5355123456 a la Lista Negra?');
    expect(sent).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Si, continuar!' }));
    expect(await screen.findByRole('dialog', { name: 'Listo!' })).toHaveTextContent('PHONE 5355123456 agregado a la Lista Negra.');
    expect(bodies).toEqual([{ request: 'POST secured/add', json: { phoneNumbers: ['5355123456'] } }]);
    expect(added).toBe(1);
  });

  it('offers a card only to fraud work (CRM7_FRAUD_COMPLETE), every other type to CRM7_DO_ACTION', async () => {
    const user = userEvent.setup();
    renderAs('soporte-settings', <AddEntry lifecycle={blacklistEntry} label="Lista Negra" onAdded={() => {}} />, { permissions: SETTINGS_EDITOR });
    expect(types(await open(user))).toEqual(['', 'PHONE', 'EMAIL', 'DEVICE', 'ADVERTISING_ID']);
  });

  it('offers every type to someone holding both', async () => {
    const user = userEvent.setup();
    renderAs('admin', <AddEntry lifecycle={blacklistEntry} label="Lista Negra" onAdded={() => {}} />);
    expect(types(await open(user))).toEqual(['', 'PHONE', 'CARD', 'EMAIL', 'DEVICE', 'ADVERTISING_ID']);
  });

  it('is not offered without CRM_SETTINGS (support) or without CRM7_DO_ACTION (fraud), nor to a reader', () => {
    for (const persona of ['soporte', 'fraude', 'lector']) {
      const { view } = renderAs(persona, <AddEntry lifecycle={blacklistEntry} label="Lista Negra" onAdded={() => {}} />);
      expect(screen.queryByRole('button', { name: 'Agregar a la Lista Negra' }), persona).toBeNull();
      view.unmount();
    }
  });
});

describe('Agregar destinatario', () => {
  it('offers PHONE, CARD and EMAIL with Settings and CRM7_DO_ACTION; nothing to support without Settings', async () => {
    const user = userEvent.setup();
    const { view } = renderAs('soporte', <AddEntry lifecycle={recipientEntry} label="Destinatarios" onAdded={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Agregar destinatario' })).toBeNull();
    view.unmount();
    renderAs('soporte-settings', <AddEntry lifecycle={recipientEntry} label="Destinatarios" onAdded={() => {}} />, { permissions: SETTINGS_EDITOR });
    await user.click(screen.getByRole('button', { name: 'Agregar destinatario' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar a la Lista Negra Destinatarios' });
    expect(within(within(dialog).getByLabelText('Tipo')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['', 'PHONE', 'CARD', 'EMAIL']);
  });
});

describe("a listed value's Eliminar", () => {
  const part = (type: string, value: string) =>
    snapshotPart([snapshotOf(blacklistEntry.name, { status: 'listed', kind: type, value })], { lifecycle: blacklistEntry, subject: { type, value } });

  it('asks naming the value (a card masked) and sends its body', async () => {
    const user = userEvent.setup();
    const { bodies } = renderAs('admin', <ChartActions label="Valor" parts={[part('CARD', '4111111111111111')]} onDone={() => {}} />, { answers: { 'POST secured/remove': { changed: 1 } } });
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Estas seguro?' });
    expect(confirm).toHaveTextContent('¿Eliminar CARD 411111******1111 de la Lista Negra?');
    await user.click(within(confirm).getByRole('button', { name: 'Si, continuar!' }));
    expect(await screen.findByRole('dialog', { name: 'Listo!' })).toHaveTextContent('CARD 411111******1111 eliminado de la Lista Negra.');
    expect(bodies).toEqual([{ request: 'POST secured/remove', json: { paymentMethod: { uniqueNumberIdentifier: '4111111111111111', paymentType: 'CARD' } } }]);
  });

  it('a phone needs CRM7_DO_ACTION; a card only the editor flag (with Settings)', () => {
    const settingsOnly = [Permission.LOGIN, Permission.EDITOR, Permission.SETTINGS];
    const { view } = renderAs('settings', <ChartActions label="Valor" parts={[part('PHONE', '5351234567')]} onDone={() => {}} />, { permissions: settingsOnly });
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    view.unmount();
    renderAs('settings', <ChartActions label="Valor" parts={[part('CARD', '4111111111111111')]} onDone={() => {}} />, { permissions: settingsOnly });
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
  });
});

describe('Proveedor SMS PIN', () => {
  const PROVIDERS = ['INFOBIP', 'TWILIO'];
  const part = (prefix: string | null, provider: string | null) =>
    snapshotPart([snapshotOf(smsPrefix.name, { status: provider ? 'configured' : 'absent', prefix, provider, providers: PROVIDERS })], { lifecycle: smsPrefix, subject: { prefix, token: 'sms-token' } });
  const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);

  it('"Global" can be changed, never deleted; another prefix both; the list adds a prefix', () => {
    const { view } = renderAs('admin', <ChartActions label="Global" parts={[part(GLOBAL_PREFIX, 'TWILIO')]} onDone={() => {}} />);
    expect(buttons()).toEqual(['Cambiar']);
    view.unmount();
    const other = renderAs('admin', <ChartActions label="53" parts={[part('53', 'INFOBIP')]} onDone={() => {}} />);
    expect(buttons()).toEqual(['Cambiar', 'Eliminar']);
    other.view.unmount();
    renderAs('admin', <ChartActions label="SMS" parts={[part(null, null)]} onDone={() => {}} />);
    expect(buttons()).toEqual(['Agregar prefijo']);
  });

  it('"Cambiar" opens with the provider the prefix has, choosing among the host\'s providers, and sends the token and the change', async () => {
    const user = userEvent.setup();
    const { bodies } = renderAs('admin', <ChartActions label="53" parts={[part('53', 'INFOBIP')]} onDone={() => {}} />, {
      answers: { 'POST providers': { providers: PROVIDERS }, 'POST update': { prefix: '53', provider: 'TWILIO' } },
    });
    await user.click(screen.getByRole('button', { name: 'Cambiar' }));
    const dialog = screen.getByRole('dialog', { name: 'Proveedor SMS del prefijo 53' });
    const select = await within(dialog).findByLabelText('Proveedor');
    expect(select).toHaveValue('INFOBIP');
    await user.selectOptions(select, 'TWILIO');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Estas seguro?' });
    expect(confirm).toHaveTextContent('¿Usar TWILIO para el prefijo 53?');
    await user.click(within(confirm).getByRole('button', { name: 'Si, continuar!' }));
    expect(await screen.findByRole('dialog', { name: 'Listo!' })).toHaveTextContent('El prefijo 53 usa ahora TWILIO.');
    expect(bodies.filter((b) => b.request === 'POST update')).toEqual([{ request: 'POST update', json: { token: 'sms-token', data: { prefix: '53', provider: 'TWILIO' } } }]);
  });

  it('"Agregar prefijo" checks the prefix with the contract\'s message before asking', async () => {
    const user = userEvent.setup();
    const { sent } = renderAs('admin', <ChartActions label="SMS" parts={[part(null, null)]} onDone={() => {}} />, { answers: { 'POST providers': { providers: PROVIDERS } } });
    await user.click(screen.getByRole('button', { name: 'Agregar prefijo' }));
    const dialog = screen.getByRole('dialog', { name: 'Agregar prefijo SMS' });
    await user.type(within(dialog).getByLabelText('Prefijo'), 'abc');
    await user.selectOptions(await within(dialog).findByLabelText('Proveedor'), 'TWILIO');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText('El prefijo debe ser "Global" o de 1 a 4 dígitos.')).toBeInTheDocument();
    expect(sent.filter((s) => s === 'POST update')).toEqual([]);
  });

  it('offers nothing without CRM_SETTINGS, nor to a reader', () => {
    for (const persona of ['soporte', 'lector']) {
      const { view } = renderAs(persona, <ChartActions label="53" parts={[part('53', 'INFOBIP')]} onDone={() => {}} />);
      expect(buttons(), persona).toEqual([]);
      view.unmount();
    }
  });
});

describe("Supervisión's Liberar", () => {
  const claim: HeldClaim = {
    kind: 'item',
    id: 41,
    orderId: 7,
    holderId: 3,
    holderName: 'Rosa Remesas',
    claimedAt: '2026-01-01T10:00:00.000Z',
    expiresAt: '2026-01-01T10:10:00.000Z',
    heldMinutes: 4,
    charts: [{ chart: 'claimRelease', state: 'claimed', facts: {} }],
  };
  function Claims({ rows }: { rows: HeldClaim[] }) {
    const flow = useChartFlow({ onDone: () => {} });
    return (
      <>
        <ClaimsTable rows={rows} flow={flow} />
        {flow.dialogs}
      </>
    );
  }

  it('a lead releases a held claim after the question naming its holder', async () => {
    const user = userEvent.setup();
    const { bodies } = renderAs('jefe', <Claims rows={[claim]} />, { answers: { 'POST secured/supervision/claims/release': { holderName: 'Rosa Remesas' } } });
    await user.click(screen.getByRole('button', { name: 'Liberar Item 41 (de Rosa Remesas)' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Estas seguro?' });
    expect(confirm).toHaveTextContent('Rosa Remesas');
    await user.click(within(confirm).getByRole('button', { name: 'Si, continuar!' }));
    expect(await screen.findByRole('dialog', { name: 'Liberada!' })).toHaveTextContent('La reserva de Rosa Remesas quedó liberada.');
    expect(bodies).toEqual([{ request: 'POST secured/supervision/claims/release', json: { kind: 'item', id: 41 } }]);
  });

  it('offers nothing to someone who is not a lead, nor on a claim no longer held', () => {
    const { view } = renderAs('operaciones', <Claims rows={[claim]} />);
    expect(screen.queryByRole('button', { name: /^Liberar/ })).toBeNull();
    view.unmount();
    renderAs('jefe', <Claims rows={[{ ...claim, charts: [{ chart: 'claimRelease', state: 'revoked', facts: {} }] }]} />);
    expect(screen.queryByRole('button', { name: /^Liberar/ })).toBeNull();
  });
});

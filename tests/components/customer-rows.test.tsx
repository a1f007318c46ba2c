import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { PaymentMethod, BankRecipient } from '@/api/contract/customer-detail';
import type { UserDocuments } from '@/api/contract/customer-documents';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { CardActionsCell } from '@/features/customer/saved-card-actions';
import { DocumentsTab } from '@/features/customer/documents-tab';
import { RegisterCustomer } from '@/features/customer/register-customer';
import { bankRecipientActions } from '@/features/customer/recipient-edit';
import { CustomerPhones } from '@/features/customer/customer-phones';
import { useShownDetail } from '@/ui/detail-tab';
import { renderAs } from './support';

/**
 * The customer's rows and lists where their forms open (a saved card, the documents, the phones,
 * a bank recipient, a new customer), rendered with the charts' snapshots their reads carry, a staff
 * member holding every permission and services that answer only the reads a list or a form makes
 * when it is shown: nothing is sent. Moved from tests/e2e/customer-page.spec.ts,
 * customer-page-account.spec.ts, customer-page-documents-credit-messages.spec.ts and
 * customer-phones.spec.ts: what each form refuses before anything is asked of the server.
 */

const ACCOUNT = 12;

/** Two provinces of the remittance catalogue, two municipalities each. */
const PROVINCES = {
  elements: [
    { province: 'La Habana', provinceCode: 'CU-03', municipalities: [{ municipality: 'Playa', municipalityCode: 'CU-03-01' }, { municipality: 'Centro Habana', municipalityCode: 'CU-03-03' }] },
    { province: 'Matanzas', provinceCode: 'CU-04', municipalities: [{ municipality: 'Matanzas', municipalityCode: 'CU-04-01' }, { municipality: 'Cárdenas', municipalityCode: 'CU-04-02' }] },
  ],
};

/** No phones yet: only the list's own chart ('Agregar teléfono'). */
const PHONES = { elements: [], charts: [{ chart: 'customerPhones', state: 'open', facts: {} }] };

/** Renders a piece as a staff member holding every permission, with services that answer only the reads given; returns what was asked of them. */
function renderSignedIn(piece: ReactNode) {
  const { sent } = renderAs('soporte', piece, { permissions: ALL_PERMISSIONS, answers: { 'secured/provinces': PROVINCES, 'secured/phoneNumbers': PHONES } });
  return { user: userEvent.setup(), sent };
}

type User = ReturnType<typeof userEvent.setup>;
const accept = (user: User, form: HTMLElement) => user.click(within(form).getByRole('button', { name: 'Aceptar' }));
const refusal = async (form: HTMLElement) => (await within(form).findByRole('alert')).textContent;
const question = async () => (await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).textContent;

/** A saved card not verified, charged through any gateway (7), as the Tarjetas read lists it with its chart. */
const CARD: PaymentMethod = {
  id: 31,
  accountId: ACCOUNT,
  paymentMethodType: 'CREDIT_CARD',
  caption: 'Visa',
  firstSix: '424242',
  lastFour: '4242',
  expirationMonth: 12,
  expirationYear: 2030,
  enable: true,
  isVisible: true,
  verified: false,
  lastVerifyDate: null,
  cents: null,
  centsTries: 0,
  lastCentsDate: null,
  lastCentsVigente: false,
  papersVerificationStatus: null,
  paymentMethodTokens: [],
  isDebit: false,
  issuingBank: null,
  blacklisted: false,
  uniqueNumberIdentifier: 'u-31',
  created: '2026-01-02T10:00:00.000Z',
  paymentSystem: 7,
  charts: [{ chart: 'card', state: 'unverified', facts: { visible: true } }],
};
const CARD_NAME = '424242******4242 (31)';

describe("a saved card's forms", () => {
  it("'Pedir papeles' refuses a malformed e-mail, then asks at the other one", async () => {
    const { user, sent } = renderSignedIn(<CardActionsCell card={CARD} onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: `Pedir papeles ${CARD_NAME}` }));
    const form = screen.getByRole('dialog', { name: 'Pedir papeles' });
    const email = within(form).getByLabelText('Correo alternativo (opcional)');
    await user.type(email, 'no-es-correo');
    await accept(user, form);
    expect(await refusal(form)).toBe('El correo no es válido.');
    await user.clear(email);
    await user.type(email, 'otra@correo.example');
    await accept(user, form);
    expect(await question()).toContain(`¿Pedir papeles: tarjeta ${CARD_NAME} del cliente ${ACCOUNT}?`);
    expect(sent).toEqual([]);
  });

  it("'Cambiar pasarela' refuses the card's own gateway, then asks about Stripe", async () => {
    const { user, sent } = renderSignedIn(<CardActionsCell card={CARD} onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: `Cambiar pasarela ${CARD_NAME}` }));
    const form = screen.getByRole('dialog', { name: 'Cambiar pasarela' });
    await accept(user, form);
    expect(await refusal(form)).toBe('Debe especificar una pasarela diferente a la actual.');
    await user.selectOptions(within(form).getByLabelText('Pasarela'), '13 Stripe');
    await accept(user, form);
    expect(await question()).toContain(`¿Cobrar la tarjeta ${CARD_NAME} del cliente ${ACCOUNT} por la pasarela Stripe?`);
    expect(sent).toEqual([]);
  });
});

/** The Documentos tab as its read gives it: no document yet, and the list's own chart. */
function Documents() {
  const tab = useShownDetail(async (): Promise<UserDocuments> => ({ elements: [], charts: [{ chart: 'userDocuments', state: 'open', facts: {} }] }));
  return <DocumentsTab accountId={ACCOUNT} tab={tab} />;
}

describe("the Documentos tab's 'Agregar documento'", () => {
  it('refuses a document without its photo, then asks about it', async () => {
    const { user, sent } = renderSignedIn(<Documents />);
    await user.click(await screen.findByRole('button', { name: 'Agregar documento' }));
    const form = screen.getByRole('dialog', { name: 'Agregar documento' });
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'Pasaporte');
    await accept(user, form);
    expect(await refusal(form)).toBe('Debe agregar la foto del documento.');
    await user.upload(within(form).getByLabelText('Foto del documento'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pasaporte.png', { type: 'image/png' }));
    await accept(user, form);
    expect(await question()).toContain(`¿Agregar un Pasaporte al cliente ${ACCOUNT}?`);
    expect(sent).toEqual([]);
  });
});

describe("the phones' 'Agregar teléfono'", () => {
  it('asks for the prefix first, then the phone', async () => {
    const { user, sent } = renderSignedIn(<CustomerPhones accountId={ACCOUNT} />);
    await user.click(await screen.findByRole('button', { name: 'Agregar teléfono' }));
    const form = screen.getByRole('dialog', { name: 'Agregar teléfono' });
    const phone = within(form).getByLabelText('Teléfono');
    await user.type(phone, '55550199');
    await accept(user, form);
    expect(await refusal(form)).toContain('Debe especificar el prefijo.');
    await user.type(within(form).getByLabelText('Prefijo'), '53');
    await user.clear(phone);
    await accept(user, form);
    expect(await refusal(form)).toContain('Debe especificar el telefono.');
    await user.type(phone, '55550199');
    await accept(user, form);
    expect(await question()).toContain(`¿Agregar el teléfono +5355550199 al cliente ${ACCOUNT}?`);
    // Only the list was read.
    expect(sent).toEqual(['GET secured/phoneNumbers']);
  });
});

describe("'Crear Nuevo Cliente'", () => {
  it('asks for the e-mail, then the prefix, then the phone', async () => {
    const { user, sent } = renderSignedIn(<RegisterCustomer onRegistered={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Crear Nuevo Cliente' }));
    const form = screen.getByRole('dialog', { name: 'Crear Nuevo Cliente' });
    await accept(user, form);
    expect(await refusal(form)).toBe('Debe especificar el correo.');
    await user.type(within(form).getByLabelText('Correo'), 'nueva@correo.example');
    await accept(user, form);
    expect(await refusal(form)).toBe('Debe especificar el prefijo.');
    await user.type(within(form).getByLabelText('Prefijo'), '53');
    await accept(user, form);
    expect(await refusal(form)).toBe('Debe especificar el telefono.');
    await user.type(within(form).getByLabelText('Teléfono'), '55550123');
    await accept(user, form);
    expect(await question()).toContain('¿Crear el cliente nueva@correo.example con el usuario 5355550123?');
    expect(sent).toEqual([]);
  });
});

/** A bank recipient as the directory lists it, with its chart. */
const BANK_RECIPIENT: BankRecipient = {
  id: 41,
  fullName: 'Rosa Pérez',
  address: { address: 'Calle 23 No. 5', neighborhood: 'Vedado', municipality: 'Centro Habana', city: 'La Habana', zipCode: null, provinceCode: 'CU-03', municipalityCode: 'CU-03-03' },
  phoneNumber: '5352345678',
  identityCard: '85010112345',
  cardNumber: '9227069900001111',
  bankname: null,
  version: 1,
  charts: [{ chart: 'bankRecipient', state: 'saved', facts: {} }],
};

function BankRecipientActions() {
  return <>{bankRecipientActions(ACCOUNT, () => {}).cell(BANK_RECIPIENT)}</>;
}

describe("a bank recipient's 'Actualizar Datos del Destinatario'", () => {
  it('refuses a card that is not 16 digits', async () => {
    const { user, sent } = renderSignedIn(<BankRecipientActions />);
    await user.click(screen.getByRole('button', { name: 'Actualizar Rosa Pérez' }));
    const form = screen.getByRole('dialog', { name: 'Actualizar Datos del Destinatario' });
    await within(form).findByLabelText('Provincia');
    const card = within(form).getByLabelText('Tarjeta de destino (16 dígitos)');
    await user.clear(card);
    await user.type(card, '9227');
    await accept(user, form);
    expect(await refusal(form)).toContain('La tarjeta debe tener 16 dígitos.');
    await user.clear(card);
    await user.type(card, '9227069912345678');
    await accept(user, form);
    expect(await question()).toContain(`¿Actualizar los datos del destinatario Rosa Pérez del cliente ${ACCOUNT}?`);
    // Only the catalogue of places was read.
    expect(sent).toEqual(['GET secured/provinces']);
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { ALL_PERMISSIONS, Permission } from '@/domain/permissions';
import { GroupsMsg } from '@/domain/groups';
import type { CustomerInfo } from '@/features/customer/customer-actions';
import { CustomerBar, renderAs } from './support';

/**
 * The customer's own actions above the card (CustomerActions), rendered with the charts' snapshots
 * a customer read carries, a staff member holding every permission, and services that answer only
 * the catalogues a form reads when it opens (the courtesy offers, the WhatsApp templates): nothing
 * is sent. Moved from tests/e2e/customer-page-account.spec.ts and
 * tests/e2e/customer-page-documents-credit-messages.spec.ts: what each form refuses, counts and
 * shows before anything is asked of the server.
 */

const ACCOUNT = 12;

/** The courtesy catalogue as the reference server serves it (one offer on sale). */
const OFFERS = {
  categories: ['Datos'],
  offers: [{ id: 7, title: 'Paquete de datos 10 GB', subTitle: null, finalPrice: 25, startDate: '2026-01-01T00:00:00.000Z', endDate: '2027-01-01T00:00:00.000Z', categories: ['Datos'] }],
};

/** Two of the reference server's WhatsApp templates: one that skips {{2}} (malformed: no variable count), one with seven variables. */
const TEMPLATES = {
  elements: [
    { id: 1, name: 'aviso_incompleto', language: 'es', category: 'UTILITY', body: 'Hola {{1}}, tu pedido {{3}} está listo.', variables: null },
    {
      id: 2,
      name: 'remesa_en_camino',
      language: 'es',
      category: 'UTILITY',
      body: 'Hola {{1}}, la remesa de {{2}} para {{3}} en {{4}} salió a entrega. El mensajero {{5}} llamará al {{6}} antes de llegar. Si no hay nadie en casa, se intentará de nuevo el {{7}}.',
      variables: 7,
    },
  ],
  totalElements: 2,
};

const INFO: CustomerInfo = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@correo.example', countryCode: 'CU', city: 'La Habana', region: null, gender: null, birthday: null };

/**
 * The charts' snapshots a customer read carries (issue 25): 30 USD, honesty 'Nuevo', no group (the
 * administrators' carrying CRM2_SUPER_ACTION), contaminated by fraud, an e-mail on file.
 */
const CHARTS: ChartSnapshot[] = [
  { chart: 'customerCredit', state: 'open', facts: { balances: { CALL_CREDIT: 30 }, rates: [{ base: 'USD', currency: 'EUR', rate: 0.9, fee: 0 }] } },
  { chart: 'creditTransfer', state: 'open', facts: { balances: { CALL_CREDIT: 30 } } },
  { chart: 'customerNotify', state: 'open', facts: { addresses: { numbers: ['5352345678'], email: 'ana@correo.example' } } },
  { chart: 'customerAccount', state: 'enabled', facts: { reliability: 0, info: INFO, groups: [], grants: { CRM2_ADMIN: [Permission.SUPER_ACTION, Permission.DO_ACTION], CRM2_SUPPORT: [Permission.DO_ACTION] } } },
  { chart: 'customerFraud', state: 'contaminated', facts: { cards: 2 } },
  { chart: 'customerCourtesy', state: 'open', facts: { onSale: [7] } },
  { chart: 'customerReports', state: 'open', facts: { email: true } },
];

function renderActions(permissions: readonly string[] = ALL_PERMISSIONS) {
  const answers = { 'offers/cll/TOPUP': OFFERS, 'secured/templates': TEMPLATES };
  const { sent } = renderAs('soporte', <CustomerBar accountId={ACCOUNT} charts={CHARTS} contact={{ phone: '5352345678', email: 'ana@correo.example' }} info={INFO} />, { permissions, answers });
  return { user: userEvent.setup(), sent };
}

/** Opens an action's form by its button. */
async function open(user: ReturnType<typeof userEvent.setup>, button: string, title = button) {
  await user.click(screen.getByRole('button', { name: button }));
  return screen.getByRole('dialog', { name: title });
}

const accept = (user: ReturnType<typeof userEvent.setup>, form: HTMLElement, name = 'Aceptar') => user.click(within(form).getByRole('button', { name }));

describe("the customer's actions: what their forms refuse before anything is sent", () => {
  it("'Agregar o quitar crédito' refuses an empty amount, then asks about 5", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Agregar o quitar crédito');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^La cantidad debe ser un numero entero mayor a 0$/);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Cantidad'), '5');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`¿Agregar 5,00 de CALL_CREDIT al cliente ${ACCOUNT}?`);
    expect(sent).toEqual([]);
  });

  it("'Transferir crédito' refuses an amount without a destination", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Transferir crédito');
    await user.type(within(form).getByLabelText('Cantidad'), '5');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar el destino\.$/);
    await user.type(within(form).getByLabelText('Destino (correo, alias o teléfono)'), 'otra@correo.example');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`¿Transferir 5,00 USD del cliente ${ACCOUNT} a otra@correo.example?`);
    expect(sent).toEqual([]);
  });

  it("'Modificar honestidad' refuses the customer's own honesty, then asks about Confianza", async () => {
    const { user } = renderActions();
    const form = await open(user, 'Modificar honestidad');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar una honestidad diferente a la actual\.$/);
    await user.selectOptions(within(form).getByLabelText('Honestidad'), 'Confianza');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`¿Cambiar la honestidad del cliente ${ACCOUNT} a Confianza?`);
  });

  it("'Grupos de roles' shows a group carrying a permission the staff member lacks, disabled, with the chart's reason; the others are theirs to tick", async () => {
    const { user, sent } = renderActions(ALL_PERMISSIONS.filter((p) => p !== Permission.SUPER_ACTION));
    const form = await open(user, 'Grupos de roles');
    const admin = within(form).getByRole('checkbox', { name: 'CRM2_ADMIN' });
    expect(admin).toBeDisabled();
    expect(admin).not.toBeChecked();
    expect(admin).toHaveAccessibleDescription(GroupsMsg.beyond('CRM2_ADMIN'));
    expect(within(form).getByText(GroupsMsg.beyond('CRM2_ADMIN'))).toBeVisible();
    await user.click(admin);
    expect(admin).not.toBeChecked();
    // A group whose permissions the staff member holds, and one that carries none, are offered as usual.
    const support = within(form).getByRole('checkbox', { name: 'CRM2_SUPPORT' });
    expect(support).toBeEnabled();
    expect(support).not.toHaveAccessibleDescription();
    await user.click(within(form).getByRole('checkbox', { name: 'RETAIL' }));
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(/RETAIL/);
    expect(sent).toEqual([]);
  });

  it("'Grupos de roles' offers every group to someone holding every permission", async () => {
    const { user } = renderActions();
    const form = await open(user, 'Grupos de roles');
    expect(within(form).getByRole('checkbox', { name: 'CRM2_ADMIN' })).toBeEnabled();
    expect(within(form).queryByText(GroupsMsg.beyond('CRM2_ADMIN'))).not.toBeInTheDocument();
  });

  it("'Editar datos' refuses the customer's data as it is (the chart's text), then a birthday that is not a date, then takes a good one", async () => {
    const { user } = renderActions();
    const form = await open(user, 'Editar datos', 'Editar datos del cliente');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Los datos del cliente ya son esos: no hay nada que modificar\.$/);
    const birthday = within(form).getByLabelText('Fecha de nacimiento (AAAA-MM-DD)');
    await user.type(birthday, '1985-13-01');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^La fecha de nacimiento debe ser una fecha válida \(AAAA-MM-DD\) en el pasado\.$/);
    await user.clear(birthday);
    await user.type(birthday, '1985-12-01');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`¿Guardar los datos del cliente ${ACCOUNT}?`);
  });

  it("'Descontaminar' opens at Nuevo (0)", async () => {
    const { user } = renderActions();
    const form = await open(user, 'Descontaminar', 'Descontaminar fraude');
    expect(within(form).getByLabelText('Nueva honestidad')).toHaveValue('0');
    expect(within(form).getByLabelText('Nueva honestidad')).toHaveDisplayValue('Nuevo');
  });

  it("'Convertir moneda' refuses the same currency on both sides", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Convertir moneda');
    await user.selectOptions(within(form).getByLabelText('A', { exact: true }), 'USD');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^La moneda de origen y la de destino deben ser diferentes\.$/);
    await user.selectOptions(within(form).getByLabelText('A', { exact: true }), 'EUR');
    await user.type(within(form).getByLabelText('Cantidad (vacía: todo el saldo)'), '10');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`¿Convertir 10,00 USD a EUR del cliente ${ACCOUNT}?`);
    expect(sent).toEqual([]);
  });

  it("'Recarga de cortesía' has the fixed 53, then asks for the phone, then for an offer", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Recarga de cortesía');
    const offer = await within(form).findByLabelText('Oferta');
    expect(within(form).getByLabelText('Prefijo')).toHaveValue('53');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar el telefono\.$/);
    await user.type(within(form).getByLabelText('Teléfono (Cubacel)'), '52345678');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Se necesita una oferta\.$/);
    await user.selectOptions(offer, 'Paquete de datos 10 GB (precio 25,00 USD, gratis para el cliente)');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`¿Regalar la oferta «Paquete de datos 10 GB» al +5352345678 por cuenta del cliente ${ACCOUNT}?`);
    // Only the catalogue was read.
    expect(sent).toEqual([expect.stringMatching(/^GET offers\/cll\/TOPUP$/)]);
  });

  it("'Notificar al cliente' by SMS counts what is typed and refuses more than 164 characters", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Notificar al cliente');
    const message = within(form).getByLabelText('Mensaje');
    await user.click(message);
    await user.paste('x'.repeat(165));
    expect(within(form).getByText('165 de 164 caracteres en un SMS')).toBeVisible();
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar un mensaje que no sobrepase la cantidad de 164 caracteres para el envio del SMS\.$/);
    await user.type(message, '{Backspace}');
    expect(within(form).getByText('164 de 164 caracteres en un SMS')).toBeVisible();
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`el mensaje al cliente ${ACCOUNT}?`);
    expect(sent).toEqual([]);
  });

  it("'Notificar al cliente' refuses another number than the customer's in the form, with the chart's text; theirs typed otherwise is asked", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Notificar al cliente');
    const address = within(form).getByLabelText('Teléfono o correo');
    await user.clear(address);
    await user.type(address, '5350009999');
    await user.type(within(form).getByLabelText('Mensaje'), 'Hola');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^La dirección no es del cliente: solo se le escribe a sus números y a su correo\.$/);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.clear(address);
    await user.type(address, '+53 5234-5678');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`el mensaje al cliente ${ACCOUNT}?`);
    expect(sent).toEqual([]);
  });

  it("'Notificar al cliente' by WhatsApp refuses a malformed template and missing variables, and cuts the preview to 140", async () => {
    const { user } = renderActions();
    const form = await open(user, 'Notificar al cliente');
    await user.selectOptions(within(form).getByLabelText('Canal'), 'WhatsApp');
    const template = await within(form).findByLabelText('Plantilla');
    await user.selectOptions(template, 'aviso_incompleto');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^No pudimos enviar el mensaje, consulte con desarrollo\.$/);
    await user.selectOptions(template, 'remesa_en_camino');
    expect(within(form).getAllByLabelText(/^Variable /)).toHaveLength(7);
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe completar todas las variables de la plantilla\.$/);
    const values = ['Ana María', '150 USD', 'Rosa Pérez', 'Centro Habana', 'Yoel', '+53 5234 5678', 'sábado'];
    for (const [i, value] of values.entries()) await user.type(within(form).getByLabelText(`Variable {{${i + 1}}}`), value);
    const preview = within(form).getByRole('note', { name: 'Vista previa' });
    expect(preview).toHaveTextContent('Hola Ana María, la remesa de 150 USD para Rosa Pérez en Centro Habana salió a entrega.');
    expect(preview.textContent).toHaveLength(140);
    expect(preview.textContent).toMatch(/…$/);
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent('¿Enviar por WhatsApp a');
  });

  it("'Generar reporte' opens on ALL, asks for the phone, then the Nauta address (gone for Recargas), then a valid range", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Generar reporte');
    expect(within(form).getByLabelText('Tipo de reporte')).toHaveValue('ALL');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar el telefono\.$/);
    await user.type(within(form).getByLabelText('Teléfono de las recargas'), '5352345678');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar el email nauta\.$/);
    expect(within(form).getByLabelText('Correo Nauta')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Tipo de reporte'), 'Recargas');
    expect(within(form).queryByLabelText('Correo Nauta')).not.toBeInTheDocument();
    const start = within(form).getByLabelText('Desde');
    const end = within(form).getByLabelText('Hasta (incluido)');
    await user.clear(start);
    await user.type(start, '2026-03-10');
    await user.clear(end);
    await user.type(end, '2020-01-01');
    await accept(user, form);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar un rango de fecha valida\.$/);
    await user.clear(end);
    await user.type(end, '2026-03-10');
    await accept(user, form);
    expect(await screen.findByRole('alertdialog', { name: 'Estas seguro?' })).toHaveTextContent(`¿Generar el reporte «Recargas» del cliente ${ACCOUNT} del 2026-03-10 al 2026-03-10?`);
    expect(sent).toEqual([]);
  });

  it("'Reporte de defensa' asks for the OrderCode of a balance movement before searching", async () => {
    const { user, sent } = renderActions();
    const form = await open(user, 'Reporte de defensa', 'Reporte de defensa (contracargos)');
    await user.selectOptions(within(form).getByLabelText('Servicio'), 'Movimiento de saldo');
    await accept(user, form, 'Buscar');
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Debe especificar el OrderCode\.$/);
    expect(sent).toEqual([]);
  });
});

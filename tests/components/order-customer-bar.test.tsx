import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { snapshotOf } from '@/api/contract/chart-snapshot';
import { customerCredit } from '@/machines/customer/credit.machine';
import { customerAccess } from '@/machines/customer/access.machine';
import type { CustomerInfo } from '@/features/customer/customer-actions';
import { CustomerBar, renderAs } from './support';

/**
 * The customer's action bar (src/features/customer/customer-actions.tsx) as admin, for a customer the
 * charts' snapshots say has 3 USD of CALL_CREDIT and no e-mail; no server: a service touched is
 * recorded and never answers. Moved from tests/e2e/offered-actions.spec.ts ("a form's amount above
 * the balance, or a notice to a customer without an e-mail, is refused beside the form and nothing
 * is sent", deleted there whole): the chart's refusals beside the form, and the question once the
 * whole balance is taken.
 */

const ACCOUNT = 4242;
const INFO: CustomerInfo = { firstName: 'Ana', lastName: 'Pérez', email: null, countryCode: 'CU', city: 'La Habana', region: null, gender: null, birthday: null };

function renderBar() {
  const charts = [
    snapshotOf(customerCredit.name, { status: 'open', balances: { CALL_CREDIT: 3 }, rates: [] }),
    snapshotOf(customerAccess.name, { status: 'open', pin: false, attempts: 0, email: false }),
  ];
  const { touched } = renderAs('admin', <CustomerBar accountId={ACCOUNT} charts={charts} contact={{ phone: '5352345678', email: null }} info={INFO} />);
  return { user: userEvent.setup(), bar: screen.getByRole('group', { name: `Acciones del cliente ${ACCOUNT}` }), touched };
}

const question = () => screen.queryByRole('alertdialog', { name: 'Estas seguro?' });

describe('the customer bar refuses beside the form what the charts refuse, and sends nothing', () => {
  it('taking more credit than the balance is refused; the whole balance goes on to the question', async () => {
    const { user, bar, touched } = renderBar();
    await user.click(within(bar).getByRole('button', { name: 'Agregar o quitar crédito' }));
    const credit = screen.getByRole('dialog', { name: 'Agregar o quitar crédito' });
    await user.selectOptions(within(credit).getByLabelText('Operación'), 'DECREASE');
    await user.type(within(credit).getByLabelText('Cantidad'), '4');
    await user.click(within(credit).getByRole('button', { name: 'Aceptar' }));
    expect(within(credit).getByRole('alert')).toHaveTextContent(/^El saldo de CALL_CREDIT del cliente no alcanza para quitar esa cantidad\.$/);
    expect(question()).toBeNull();
    // The whole balance is taken: the chart lets it through to the question.
    await user.clear(within(credit).getByLabelText('Cantidad'));
    await user.type(within(credit).getByLabelText('Cantidad'), '3');
    await user.click(within(credit).getByRole('button', { name: 'Aceptar' }));
    expect(question()).toHaveTextContent(`¿Quitar 3,00 de CALL_CREDIT al cliente ${ACCOUNT}?`);
    await user.click(within(question()!).getByRole('button', { name: 'Cancelar' }));
    expect(question()).toBeNull();
    expect(touched).toEqual([]);
  });

  it('a password reset told to a customer without an e-mail is refused; the notice starts unchecked', async () => {
    const { user, bar, touched } = renderBar();
    await user.click(within(bar).getByRole('button', { name: 'Restablecer contraseña' }));
    const reset = screen.getByRole('dialog', { name: 'Restablecer contraseña' });
    const notify = within(reset).getByLabelText('Enviar al cliente un correo para elegir su nueva contraseña');
    expect(notify).not.toBeChecked();
    await user.click(notify);
    await user.click(within(reset).getByRole('button', { name: 'Aceptar' }));
    expect(within(reset).getByRole('alert')).toHaveTextContent(/^El cliente no tiene correo: no se le puede notificar el cambio de contraseña\.$/);
    expect(question()).toBeNull();
    expect(touched).toEqual([]);
  });
});

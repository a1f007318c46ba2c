import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor } from 'xstate';
import { sessionMachine } from '@/machines/session/session.machine';
import { ServicesContext, SessionActorContext } from '@/ui/session';
import type { Services } from '@/api/services';
import type { ServiceClient } from '@/api/http';
import type { RuntimeConfig } from '@/api/contract/runtime-config';
import { snapshotOf } from '@/api/contract/chart-snapshot';
import { customerCredit } from '@/machines/customer/credit.machine';
import { customerAccess } from '@/machines/customer/access.machine';
import { CustomerActions, type CustomerInfo } from '@/ui/customer/customer-actions';
import { persona } from '../support/chart-checks';

/**
 * The customer's action bar (src/ui/customer/customer-actions.tsx) as admin, for a customer the
 * charts' snapshots say has 3 USD of CALL_CREDIT and no e-mail; no server: a service touched is
 * recorded and never answers. Moved from tests/e2e/offered-actions.spec.ts ("a form's amount above
 * the balance, or a notice to a customer without an e-mail, is refused beside the form and nothing
 * is sent", deleted there whole): the chart's refusals beside the form, and the question once the
 * whole balance is taken.
 */

// jsdom has no modal <dialog>: the platform's open/close, enough for the console's Dialog.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open');
    },
  });
});

const ACCOUNT = 4242;
const INFO: CustomerInfo = { firstName: 'Ana', lastName: 'Pérez', email: null, countryCode: 'CU', city: 'La Habana', region: null, gender: null, birthday: null };

function renderBar() {
  const session = createActor(sessionMachine).start();
  const profile = { accountId: 1, username: 'admin', email: null, firstName: null, lastName: null, name: 'admin', groups: [{ name: 'E2E', permissions: persona('admin').map((name) => ({ name })) }] };
  session.send({ type: 'session.resume', session: { accessToken: 'token', refreshToken: 'refresh', expiresIn: 3600, refreshAt: Date.now() + 3_600_000, profile } });
  const touched: string[] = [];
  const client = (name: string): ServiceClient => ({
    hooks: {} as ServiceClient['hooks'],
    instance: () => {
      touched.push(name);
      return new Promise(() => {});
    },
  });
  const services = new Proxy({ config: { tenant: 'cubacel', customerSiteUrl: '' } as RuntimeConfig } as Services, {
    get: (target, name: string) => (name in target ? target[name as keyof Services] : client(name)),
  });
  const charts = [
    snapshotOf(customerCredit.name, { status: 'open', balances: { CALL_CREDIT: 3 }, rates: [] }),
    snapshotOf(customerAccess.name, { status: 'open', pin: false, attempts: 0, email: false }),
  ];
  render(
    <SessionActorContext.Provider value={session}>
      <ServicesContext.Provider value={services}>
        <CustomerActions
          accountId={ACCOUNT}
          charts={charts}
          contact={{ phone: '5352345678', email: null }}
          account={{ enabled: true, reliability: 0, groups: [] }}
          settings={{ value3DS: 'NOT_REQUIRED', tuBolsillo: false, marketing: { subscribePromotion: false, subscribeEmail: false, subscribeWhatsapp: false, subscribeCall: false } }}
          info={INFO}
          onDone={() => {}}
        />
      </ServicesContext.Provider>
    </SessionActorContext.Provider>,
  );
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
    expect(question()).toHaveTextContent(`¿Quitar 3 de CALL_CREDIT al cliente ${ACCOUNT}?`);
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

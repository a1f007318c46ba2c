import { describe, expect, it } from 'vitest';
import { AccessMsg } from '@/domain/customer-access';
import { AccountMsg } from '@/domain/account';
import { CardMsg } from '@/domain/cards';
import { CreditMsg } from '@/domain/credit';
import { GroupsMsg } from '@/domain/groups';
import { NotifyMsg } from '@/domain/notify';
import { Permission } from '@/domain/permissions';
import { RemittanceMsg } from '@/domain/remittance';
import { ReportMsg } from '@/domain/reports';
import { TransferMsg } from '@/domain/transfer';
import { customerAccess } from '@/machines/customer/access.machine';
import { customerAccount } from '@/machines/customer/account.machine';
import { savedCard } from '@/machines/customer/card.machine';
import { customerCredit } from '@/machines/customer/credit.machine';
import { customerNotify } from '@/machines/customer/notify.machine';
import { customerReports } from '@/machines/customer/reports.machine';
import { creditTransfer } from '@/machines/customer/transfer.machine';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { restoredChart } from '@/machines/lifecycle/restore';
import { rowFor } from '@/machines/lifecycle/table';
import { refusedInForm as ask } from '../support/row-forms';
import { CUSTOMER_INFO } from '../support/lifecycles/customer';

/**
 * What a form gave is asked of the chart before the question, as the server asks it (the same
 * request, parsed with the row's schemas, the same event, the same guard): the refusal stays beside
 * the form instead of coming back as a 409 (issue 25: forms pre-check the chart's facts; issue 38:
 * every data rule is a guard, so every form refuses in place what the server would).
 */
const subject = { accountId: 12 };

describe("a form's payload is refused by the chart's own guard before anything is sent", () => {
  const credit = { status: 'open', balances: { CALL_CREDIT: 5 }, rates: [] };

  it("'Agregar o quitar crédito': taking more than the balance of the type is refused, taking it all is not", () => {
    expect(ask(customerCredit, 'credit.change', credit, { trnType: 'DECREASE', amount: '6' })).toBe(CreditMsg.notEnough('CALL_CREDIT'));
    expect(ask(customerCredit, 'credit.change', credit, { trnType: 'DECREASE', amount: '5' })).toBeNull();
    expect(ask(customerCredit, 'credit.change', credit, { trnType: 'INCREASE', amount: '600' })).toBeNull();
  });

  it("'Transferir': more than the currency's balance is refused", () => {
    const transfer = { status: 'open', balances: { CALL_CREDIT: 10 } };
    const typed = { destination: 'ana@example.com', currency: 'USD' };
    expect(ask(creditTransfer, 'transfer.create', transfer, { ...typed, amount: '10.01' })).toBe(TransferMsg.notEnough);
    expect(ask(creditTransfer, 'transfer.create', transfer, { ...typed, amount: '10' })).toBeNull();
  });

  it("'Restablecer contraseña' opens without the notice for a customer without an e-mail, and refuses it if ticked", () => {
    const access = { status: 'open', pin: false, attempts: 0, email: false };
    const row = rowFor(customerAccess.rows, 'access.resetPassword')!;
    expect(row.form!.initial(restoredChart(customerAccess.machine, { ...access, permissions: [] }).context, subject)).toEqual({ sendNotify: false });
    expect(ask(customerAccess, 'access.resetPassword', access, { sendNotify: true })).toBe(AccessMsg.noEmail);
    expect(ask(customerAccess, 'access.resetPassword', access, { sendNotify: false })).toBeNull();
    expect(ask(customerAccess, 'access.resetPassword', { ...access, email: true }, { sendNotify: true })).toBeNull();
  });
});

describe('issue 38: the edits that change nothing, the addresses that are not theirs, a group beyond reach', () => {
  const account = { status: 'enabled', reliability: 5, info: CUSTOMER_INFO, groups: ['CUSTOMERS'], grants: { CRM2_ADMIN: [Permission.SUPER_ACTION] } };

  it("'Modificar honestidad' opens at the customer's level: sent as it is, the chart refuses it", () => {
    expect(ask(customerAccount, 'account.reliability', account, {})).toBe(AccountMsg.sameReliability);
    expect(ask(customerAccount, 'account.reliability', account, { reliability: '10' })).toBeNull();
  });

  it("'Modificar cuenta': the honesty and the state as they are are refused; either changed is taken", () => {
    expect(ask(customerAccount, 'account.modify', account, {})).toBe(AccountMsg.unchanged);
    expect(ask(customerAccount, 'account.modify', account, { enable: false })).toBeNull();
    expect(ask(customerAccount, 'account.modify', { ...account, status: 'disabled' }, { enable: false })).toBe(AccountMsg.unchanged);
    expect(ask(customerAccount, 'account.modify', account, { reliability: '0' })).toBeNull();
  });

  it("'Editar datos': the data as they are (whatever the spaces and capitals typed) are refused; a field changed is taken", () => {
    expect(ask(customerAccount, 'account.info', account, {})).toBe(AccountMsg.noInfoChange);
    expect(ask(customerAccount, 'account.info', account, { firstName: ' Ana ', email: 'ANA@correo.example', countryCode: 'cu' })).toBe(AccountMsg.noInfoChange);
    expect(ask(customerAccount, 'account.info', account, { city: 'Matanzas' })).toBeNull();
  });

  it("'Grupos de roles': a group carrying a permission the staff member lacks is refused with its name; with it, taken", () => {
    const without = Object.values(Permission).filter((p) => p !== Permission.SUPER_ACTION);
    expect(ask(customerAccount, 'account.groups', account, { groups: ['CUSTOMERS', 'CRM2_ADMIN'] }, subject, without)).toBe(GroupsMsg.beyond('CRM2_ADMIN'));
    expect(ask(customerAccount, 'account.groups', account, { groups: ['CUSTOMERS', 'CRM2_ADMIN'] })).toBeNull();
    expect(ask(customerAccount, 'account.groups', account, { groups: ['CUSTOMERS', 'RETAIL'] }, subject, without)).toBeNull();
  });

  it("'Notificar al cliente': to another number or e-mail than the customer's is refused; to theirs, however typed, taken", () => {
    const notify = { status: 'open', addresses: { numbers: ['5355555555'], email: 'ana@correo.example' }, contact: { phone: '5355555555', email: 'ana@correo.example' } };
    expect(ask(customerNotify, 'notify.send', notify, { body: 'Hola' })).toBeNull();
    expect(ask(customerNotify, 'notify.send', notify, { address: '+53 5555-5555', body: 'Hola' })).toBeNull();
    expect(ask(customerNotify, 'notify.send', notify, { address: '5350009999', body: 'Hola' })).toBe(NotifyMsg.notTheirs);
    expect(ask(customerNotify, 'notify.send', notify, { type: 'EMAIL', address: 'Ana@Correo.example', title: 'Aviso', body: 'Hola' })).toBeNull();
    expect(ask(customerNotify, 'notify.send', notify, { type: 'EMAIL', address: 'otra@persona.example', title: 'Aviso', body: 'Hola' })).toBe(NotifyMsg.notTheirs);
  });

  it("'Generar reporte': without an address for a customer without an e-mail it is refused; with one, or with theirs, taken", () => {
    const calls = { type: 'CALLS' };
    expect(ask(customerReports, 'reports.generate', { status: 'open', email: false }, calls)).toBe(ReportMsg.noEmail);
    expect(ask(customerReports, 'reports.generate', { status: 'open', email: false }, { ...calls, emailForced: 'otro@correo.example' })).toBeNull();
    expect(ask(customerReports, 'reports.generate', { status: 'open', email: true }, calls)).toBeNull();
  });

  it("'Cambiar pasarela' opens at the card's gateway: sent as it is, the chart refuses it", () => {
    const card = { accountId: 12, id: 40, firstSix: '411111', lastFour: '1111' };
    const input = { status: 'verified', visible: true, paymentSystem: 7 };
    expect(ask(savedCard, 'card.gateway', input, {}, card)).toBe(CardMsg.sameGateway);
    expect(ask(savedCard, 'card.gateway', input, { paymentSystem: '1' }, card)).toBeNull();
  });

  it("'Cambiar Proveedor' of a bank remittance: the provider it has is refused; another one taken", () => {
    const item = { id: 55, orderId: 9, offerId: 40, appName: 'CRM' };
    const input = { status: 'MANUAL', orderStatus: 'OPEN', provider: 'BANDEC' };
    expect(ask(bankRemittance, 'item.modifyProvider', input, { provider: 'BANDEC' }, item)).toBe(RemittanceMsg.providerSame);
    expect(ask(bankRemittance, 'item.modifyProvider', input, { provider: 'BPA' }, item)).toBeNull();
  });
});

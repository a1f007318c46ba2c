import { describe, expect, it } from 'vitest';
import { wireRequestOf } from '@/api/actions';
import { AccessMsg } from '@/domain/customer-access';
import { CreditMsg } from '@/domain/credit';
import { TransferMsg } from '@/domain/transfer';
import { customerAccess } from '@/machines/customer/access.machine';
import { customerCredit } from '@/machines/customer/credit.machine';
import { creditTransfer } from '@/machines/customer/transfer.machine';
import { restoredChart } from '@/machines/lifecycle/restore';
import { requestRefusal, rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';
import { Permission } from '@/domain/permissions';

/**
 * What a form gave is asked of the chart before the question, as the server asks it (the same
 * request, parsed with the row's schemas, the same event, the same guard): the refusal stays beside
 * the form instead of coming back as a 409 (issue 25: forms pre-check the chart's facts).
 */
const session = { accountId: 1, tenant: 'cubacel' };
const subject = { accountId: 12 };

function ask(lifecycle: AnyLifecycle, event: string, input: Record<string, unknown>, typed: Record<string, unknown>) {
  const row = rowFor(lifecycle.rows, event)!;
  const snapshot = restoredChart(lifecycle.machine, { ...input, permissions: Object.values(Permission) });
  const context = snapshot.context;
  const checked = row.form!.validate({ ...row.form!.initial(context, subject), ...typed }, context, subject);
  if (!checked.ok) throw new Error(checked.message);
  const request = wireRequestOf(row, subject, checked.payload, session);
  expect(request).not.toBeNull();
  return requestRefusal(row, snapshot, request!);
}

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

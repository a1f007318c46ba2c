import { restoredChart } from '@/machines/lifecycle/restore';
import { describe, expect, it } from 'vitest';
import { accepts, offeredEvents, run, type AnyEvent } from '../support/chart-checks';
import { EVERYTHING } from '../support/lifecycles';
import { refusalOf, rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';
import { customerAccess } from '@/machines/customer/access.machine';
import { customerKyc } from '@/machines/customer/kyc.machine';
import { addedCards } from '@/machines/customer/added-cards.machine';
import { customerCredit } from '@/machines/customer/credit.machine';
import { creditTransfer } from '@/machines/customer/transfer.machine';
import { customerCourtesy } from '@/machines/customer/courtesy.machine';
import { customerFraud } from '@/machines/customer/fraud.machine';
import { customerAccount } from '@/machines/customer/account.machine';
import { AccessMsg } from '@/domain/customer-access';
import { KycLinkMsg } from '@/domain/kyc';
import { AddedCardsMsg } from '@/domain/cards';
import { CreditMsg } from '@/domain/credit';
import { ConvertMsg } from '@/domain/conversion';
import { TransferMsg } from '@/domain/transfer';
import { CourtesyMsg } from '@/domain/courtesy';
import { FraudMsg } from '@/domain/customer-fraud';
import { GroupsMsg } from '@/domain/groups';

/**
 * Issue 25 §2: the customer charts' data preconditions as guards. Each refuses exactly where the
 * server used to refuse in a handler, with the same Spanish text (what the mover answers with the
 * 409), and takes the event where the data allows it.
 */

/** The chart refuses the event for the input, with this text. */
function refuses(lifecycle: AnyLifecycle, input: Record<string, unknown>, event: AnyEvent, text: string) {
  const context = { ...input, permissions: EVERYTHING };
  expect(accepts(lifecycle, context, event), JSON.stringify(event)).toBe(false);
  expect(refusalOf(rowFor(lifecycle.rows, event.type)!, restoredChart(lifecycle.machine, context), event)).toBe(text);
}
const takes = (lifecycle: AnyLifecycle, input: Record<string, unknown>, event: AnyEvent) => accepts(lifecycle, { ...input, permissions: EVERYTHING }, event);

describe('customerAccess: a reset needs something to reset', () => {
  const none = { status: 'open', pin: false, attempts: 0, email: false };
  it('no pin, no attempts, no e-mail: each reset refused with its own text; a new password untold is always possible', () => {
    refuses(customerAccess, none, { type: 'access.resetPasswordless' }, AccessMsg.noPin);
    refuses(customerAccess, none, { type: 'access.resetAttempts' }, AccessMsg.noAttempts);
    refuses(customerAccess, none, { type: 'access.resetPassword', sendNotify: true }, AccessMsg.noEmail);
    expect(takes(customerAccess, none, { type: 'access.resetPassword', sendNotify: false })).toBe(true);
    expect(offeredEvents(customerAccess, { ...none, permissions: EVERYTHING })).toEqual(['access.resetPassword']);
  });
  it('a reset done is not offered again', () => {
    const after = run(customerAccess, { status: 'open', pin: true, attempts: 3, email: true, permissions: EVERYTHING }, { type: 'access.resetPasswordless' }, { type: 'access.resetAttempts' });
    expect(after.context).toMatchObject({ pin: false, attempts: 0 });
    expect(offeredEvents(customerAccess, after.context)).toEqual(['access.resetPassword']);
  });
});

describe('customerKyc: unverified or verified', () => {
  it('a verified customer takes no link', () => {
    expect(takes(customerKyc, { status: 'unverified' }, { type: 'kyc.link' })).toBe(true);
    refuses(customerKyc, { status: 'verified' }, { type: 'kyc.link' }, KycLinkMsg.approved);
  });
});

describe('addedCards: clear, open or limited', () => {
  it('nothing to clear is refused; a reset leaves it clear', () => {
    refuses(addedCards, { status: 'clear' }, { type: 'addedCards.reset' }, AddedCardsMsg.none);
    for (const status of ['open', 'limited']) expect(run(addedCards, { status, permissions: EVERYTHING }, { type: 'addedCards.reset' }).value).toBe('clear');
  });
});

describe('customerCredit: never below a balance', () => {
  const rates = [{ base: 'USD', currency: 'EUR', rate: 0.9, fee: 0 }, { base: 'USD', currency: 'CUP', rate: 120, fee: 0 }];
  const credit = (balances: Record<string, number>) => ({ status: 'open', balances, rates });
  it('a decrease beyond the balance of its type', () => {
    refuses(customerCredit, credit({ CALL_CREDIT: 4 }), { type: 'credit.change', creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 5 }, CreditMsg.notEnough('CALL_CREDIT'));
    expect(takes(customerCredit, credit({ CALL_CREDIT: 5 }), { type: 'credit.change', creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 5 })).toBe(true);
    expect(takes(customerCredit, credit({}), { type: 'credit.change', creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 5 })).toBe(true);
  });
  it('a conversion: empty, not enough, no rate, too small; the button only with something to convert', () => {
    const convert = (originCurrency: string, destinyCurrency: string, amount: number | null) => ({ type: 'credit.convert', originCurrency, destinyCurrency, amount });
    refuses(customerCredit, credit({}), convert('USD', 'EUR', null), ConvertMsg.empty('USD'));
    refuses(customerCredit, credit({ CALL_CREDIT: 4 }), convert('USD', 'EUR', 5), ConvertMsg.notEnough('USD'));
    refuses(customerCredit, credit({ CAD_CREDIT: 4 }), convert('CAD', 'EUR', null), ConvertMsg.noRate('CAD', 'EUR'));
    refuses(customerCredit, credit({ CUP_CREDIT: 1 }), convert('CUP', 'USD', 0.01), ConvertMsg.tooSmall);
    expect(takes(customerCredit, credit({ CALL_CREDIT: 4 }), convert('USD', 'EUR', null))).toBe(true);
    expect(offeredEvents(customerCredit, { ...credit({}), permissions: EVERYTHING })).toEqual(['credit.change']);
    expect(offeredEvents(customerCredit, { ...credit({ CALL_CREDIT: 4 }), permissions: EVERYTHING })).toEqual(['credit.change', 'credit.convert']);
  });
});

describe('creditTransfer: within the balance of its currency', () => {
  it('beyond it is refused; with nothing to transfer the button is not offered', () => {
    refuses(creditTransfer, { status: 'open', balances: { CALL_CREDIT: 4 } }, { type: 'transfer.create', amount: 5, currency: 'USD' }, TransferMsg.notEnough);
    refuses(creditTransfer, { status: 'open', balances: { CALL_CREDIT: 4 } }, { type: 'transfer.create', amount: 1, currency: 'EUR' }, TransferMsg.notEnough);
    expect(takes(creditTransfer, { status: 'open', balances: { CALL_CREDIT: 4 } }, { type: 'transfer.create', amount: 4, currency: 'USD' })).toBe(true);
    expect(offeredEvents(creditTransfer, { status: 'open', balances: {}, permissions: EVERYTHING })).toEqual([]);
  });
});

describe('customerCourtesy: an offer on sale', () => {
  it('one not on sale is refused; with none on sale the button is not offered', () => {
    refuses(customerCourtesy, { status: 'open', onSale: [7] }, { type: 'courtesy.topup', offerId: 8 }, CourtesyMsg.notOnSale);
    expect(takes(customerCourtesy, { status: 'open', onSale: [7] }, { type: 'courtesy.topup', offerId: 7 })).toBe(true);
    expect(offeredEvents(customerCourtesy, { status: 'open', onSale: [], permissions: EVERYTHING })).toEqual([]);
  });
});

describe('customerFraud: contaminating needs saved cards', () => {
  it('a clean customer without cards is refused with its text; one contaminated already with its own', () => {
    refuses(customerFraud, { status: 'clean', cards: 0 }, { type: 'fraud.contaminate' }, FraudMsg.noCards);
    refuses(customerFraud, { status: 'contaminated', cards: 2 }, { type: 'fraud.contaminate' }, FraudMsg.contaminated);
    expect(takes(customerFraud, { status: 'clean', cards: 2 }, { type: 'fraud.contaminate' })).toBe(true);
  });
});

describe('customerAccount: groups given if not held, taken if held', () => {
  it('giving one held or taking one not held is refused with the group named', () => {
    const account = { status: 'enabled', groups: ['CUSTOMERS'] };
    refuses(customerAccount, account, { type: 'account.groups', assingGroups: ['CUSTOMERS'], unassingGroups: [] }, GroupsMsg.held('CUSTOMERS'));
    refuses(customerAccount, account, { type: 'account.groups', assingGroups: [], unassingGroups: ['RETAIL'] }, GroupsMsg.notHeld('RETAIL'));
    expect(takes(customerAccount, account, { type: 'account.groups', assingGroups: ['RETAIL'], unassingGroups: ['CUSTOMERS'] })).toBe(true);
  });
});

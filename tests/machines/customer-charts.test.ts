import { createActor } from 'xstate';
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
import { customerNotify } from '@/machines/customer/notify.machine';
import { customerReports } from '@/machines/customer/reports.machine';
import { savedCard } from '@/machines/customer/card.machine';
import { AccountMsg } from '@/domain/account';
import { NotifyMsg } from '@/domain/notify';
import { ReportMsg } from '@/domain/reports';
import { Permission } from '@/domain/permissions';
import { CUSTOMER_INFO } from '../support/lifecycles/customer';
import { AccessMsg } from '@/domain/customer-access';
import { KycLinkMsg } from '@/domain/kyc';
import { AddedCardsMsg, CardMsg } from '@/domain/cards';
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
    const account = { status: 'enabled', reliability: 5, info: CUSTOMER_INFO, groups: ['CUSTOMERS'], grants: {} };
    refuses(customerAccount, account, { type: 'account.groups', assingGroups: ['CUSTOMERS'], unassingGroups: [] }, GroupsMsg.held('CUSTOMERS'));
    refuses(customerAccount, account, { type: 'account.groups', assingGroups: [], unassingGroups: ['RETAIL'] }, GroupsMsg.notHeld('RETAIL'));
    expect(takes(customerAccount, account, { type: 'account.groups', assingGroups: ['RETAIL'], unassingGroups: ['CUSTOMERS'] })).toBe(true);
  });
});

/**
 * Issue 38: the rules the handlers still decided are guards of their charts, on facts of the
 * store's input, each refused with the text the handler answered (now the mover's 409).
 */
describe('customerAccount: an edit must change something; a group only by someone holding what it carries', () => {
  const account = { status: 'enabled', reliability: 5, info: CUSTOMER_INFO, groups: ['CUSTOMERS'], grants: { CRM2_ADMIN: [Permission.SUPER_ACTION, Permission.DO_ACTION] } };
  const withPermissions = (permissions: readonly string[]) => restoredChart(customerAccount.machine, { ...account, permissions });

  it('the same honesty, the same honesty and state, the same data: each refused with its text', () => {
    refuses(customerAccount, account, { type: 'account.reliability', reliability: 5 }, AccountMsg.sameReliability);
    expect(takes(customerAccount, account, { type: 'account.reliability', reliability: 10 })).toBe(true);
    refuses(customerAccount, account, { type: 'account.modify', reliability: 5, enable: true }, AccountMsg.unchanged);
    refuses(customerAccount, { ...account, status: 'disabled' }, { type: 'account.modify', reliability: 5, enable: false }, AccountMsg.unchanged);
    expect(takes(customerAccount, account, { type: 'account.modify', reliability: 5, enable: false })).toBe(true);
    refuses(customerAccount, account, { type: 'account.info', info: { ...CUSTOMER_INFO } }, AccountMsg.noInfoChange);
    expect(takes(customerAccount, account, { type: 'account.info', info: { ...CUSTOMER_INFO, region: 'Playa' } })).toBe(true);
  });

  it('the state it is in is what an account modification compares with (after a disable, enabling changes something)', () => {
    const after = (...events: AnyEvent[]) => {
      const actor = createActor(customerAccount.machine, { input: { ...account, permissions: EVERYTHING } as never }).start();
      for (const event of events) actor.send(event as never);
      return actor.getSnapshot();
    };
    const disabled = after({ type: 'account.disable' });
    expect(disabled.value).toBe('disabled');
    expect(disabled.can({ type: 'account.modify', reliability: 5, enable: true })).toBe(true);
    expect(disabled.can({ type: 'account.modify', reliability: 5, enable: false })).toBe(false);
    // An edit done is the account's now: the new honesty is the same one next time.
    const edited = after({ type: 'account.reliability', reliability: 10 });
    expect(edited.can({ type: 'account.reliability', reliability: 10 })).toBe(false);
    expect(edited.can({ type: 'account.reliability', reliability: 5 })).toBe(true);
  });

  it('the buttons stay offered: without what a request asks, no edit is the same', () => {
    expect(offeredEvents(customerAccount, { ...account, permissions: EVERYTHING })).toEqual(expect.arrayContaining(['account.reliability', 'account.modify', 'account.info', 'account.groups']));
  });

  it('a group carrying a permission the staff member lacks: giving or taking it refused with its name, before whether it is held', () => {
    const without = EVERYTHING.filter((p) => p !== Permission.SUPER_ACTION);
    const give = { type: 'account.groups', assingGroups: ['CRM2_ADMIN'], unassingGroups: [] };
    const take = { type: 'account.groups', assingGroups: [], unassingGroups: ['CRM2_ADMIN'] };
    for (const event of [give, take]) {
      expect(withPermissions(without).can(event as never)).toBe(false);
      expect(refusalOf(rowFor(customerAccount.rows, 'account.groups')!, withPermissions(without), event)).toBe(GroupsMsg.beyond('CRM2_ADMIN'));
    }
    expect(withPermissions(EVERYTHING).can(give as never)).toBe(true);
    // Groups that carry nothing the staff member lacks are theirs to give.
    expect(withPermissions(without).can({ type: 'account.groups', assingGroups: ['RETAIL'], unassingGroups: ['CUSTOMERS'] } as never)).toBe(true);
  });
});

describe("customerNotify: only to the customer's own numbers and e-mail", () => {
  const notify = { status: 'open', addresses: { numbers: ['5355555555', '5356666666'], email: 'ana@correo.example' } };
  it("another number or e-mail is refused with its text; theirs, however typed, is taken; the button is always offered", () => {
    refuses(customerNotify, notify, { type: 'notify.send', channel: [{ type: 'SMS', address: '5350009999' }] }, NotifyMsg.notTheirs);
    refuses(customerNotify, notify, { type: 'notify.send', channel: [{ type: 'EMAIL', address: 'otra@persona.example' }] }, NotifyMsg.notTheirs);
    refuses(customerNotify, { ...notify, addresses: { numbers: [], email: null } }, { type: 'notify.send', channel: [{ type: 'EMAIL', address: 'ana@correo.example' }] }, NotifyMsg.notTheirs);
    expect(takes(customerNotify, notify, { type: 'notify.send', channel: [{ type: 'WHATSAPP', address: '+53 5666-6666' }] })).toBe(true);
    expect(takes(customerNotify, notify, { type: 'notify.send', channel: [{ type: 'EMAIL', address: 'ANA@correo.example' }] })).toBe(true);
    expect(offeredEvents(customerNotify, { ...notify, addresses: { numbers: [], email: null }, permissions: EVERYTHING })).toEqual(['notify.send']);
  });
});

describe('customerReports: a report needs somewhere to go', () => {
  it("without an address given, a customer without an e-mail is refused with its text", () => {
    refuses(customerReports, { status: 'open', email: false }, { type: 'reports.generate', emailForced: '' }, ReportMsg.noEmail);
    expect(takes(customerReports, { status: 'open', email: false }, { type: 'reports.generate', emailForced: 'otro@correo.example' })).toBe(true);
    expect(takes(customerReports, { status: 'open', email: true }, { type: 'reports.generate', emailForced: '' })).toBe(true);
  });
});

describe('card: another gateway', () => {
  it("the card's own gateway is refused with its text, in every state; another one is taken", () => {
    for (const status of ['unverified', 'verified', 'papersRequested']) {
      refuses(savedCard, { status, visible: true, paymentSystem: 7 }, { type: 'card.gateway', paymentSystem: 7 }, CardMsg.sameGateway);
      expect(takes(savedCard, { status, visible: true, paymentSystem: 7 }, { type: 'card.gateway', paymentSystem: 1 })).toBe(true);
    }
  });
});

import { EVERYTHING, status, type LifecycleModel } from './model';
import { customerPhones, phone, PHONE_STATUSES } from '@/machines/customer/phone.machine';
import { customerCredit } from '@/machines/customer/credit.machine';
import { CARD_STATUSES, savedCard } from '@/machines/customer/card.machine';
import { creditTransfer } from '@/machines/customer/transfer.machine';
import { customerRegistry } from '@/machines/customer/register.machine';
import { customerNotify } from '@/machines/customer/notify.machine';
import { ACCOUNT_STATUSES, customerAccount } from '@/machines/customer/account.machine';
import { accountSettings } from '@/machines/customer/settings.machine';
import { customerAccess } from '@/machines/customer/access.machine';
import { CUSTOMER_KYC_STATES, customerKyc } from '@/machines/customer/kyc.machine';
import { ADDED_CARD_STATUSES, addedCards } from '@/machines/customer/added-cards.machine';
import { FRAUD_STATUSES, customerFraud } from '@/machines/customer/fraud.machine';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { customerCampaigns } from '@/machines/customer/campaigns.machine';
import { customerCourtesy } from '@/machines/customer/courtesy.machine';
import { customerReports } from '@/machines/customer/reports.machine';
import { LISTING_STATUSES } from '@/domain/customer-blacklist';
import { DOCUMENT_STATES, userDocument, userDocuments } from '@/machines/customer/document.machine';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';
import { Permission } from '@/domain/permissions';

/** The customer page's charts: phones, documents, recipients, credit, cards, account and the rest. */

export const phoneModel: LifecycleModel = {
  lifecycle: phone,
  // With attempts used and without (only used attempts can be given back); the principal and another (the principal stays, and stays one).
  inputs: PHONE_STATUSES.flatMap((s) => [0, 3].flatMap((attempts) => [true, false].map((principal) => ({ status: s, attempts, principal, permissions: EVERYTHING })))),
  label: (i) => `${status(i)} (${String(i.attempts)} intentos${i.principal ? ', principal' : ''})`,
};

export const customerPhonesModel: LifecycleModel = {
  lifecycle: customerPhones,
  inputs: [{ status: 'open', permissions: EVERYTHING }],
  label: status,
  refuses: false,
};

export const documentModel: LifecycleModel = {
  lifecycle: userDocument,
  inputs: DOCUMENT_STATES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};

export const documentsModel: LifecycleModel = {
  lifecycle: userDocuments,
  inputs: [{ status: 'open', permissions: EVERYTHING }],
  label: status,
  refuses: false,
};

export const homeRecipientModel: LifecycleModel = {
  lifecycle: homeRecipient,
  inputs: [{ status: 'saved', permissions: EVERYTHING }],
  label: status,
  refuses: false,
};

export const bankRecipientModel: LifecycleModel = {
  lifecycle: bankRecipient,
  inputs: [{ status: 'saved', permissions: EVERYTHING }],
  label: status,
  refuses: false,
};

/** The rates a conversion reads: USD to EUR, and CUP to USD (CAD has none). */
const RATES = [
  { base: 'USD', currency: 'EUR', rate: 0.9, fee: 0 },
  { base: 'USD', currency: 'CUP', rate: 120, fee: 0 },
];

export const customerCreditModel: LifecycleModel = {
  lifecycle: customerCredit,
  // Nothing to take or convert; some USD credit; only CAD (no rate to convert it with).
  inputs: [{}, { CALL_CREDIT: 10 }, { CAD_CREDIT: 5 }].map((balances) => ({ status: 'open', balances, rates: RATES, permissions: EVERYTHING })),
  // What the forms may ask: an increase, a decrease within and beyond the balance; a conversion of
  // part, of too much, of all, without a rate, and too small to reach a cent.
  extra: () => [
    { type: 'credit.change', creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: 5 },
    { type: 'credit.change', creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 5 },
    { type: 'credit.change', creditType: 'CALL_CREDIT', trnType: 'DECREASE', amount: 50 },
    { type: 'credit.convert', originCurrency: 'USD', destinyCurrency: 'EUR', amount: 5 },
    { type: 'credit.convert', originCurrency: 'USD', destinyCurrency: 'EUR', amount: 50 },
    { type: 'credit.convert', originCurrency: 'USD', destinyCurrency: 'EUR', amount: null },
    { type: 'credit.convert', originCurrency: 'CAD', destinyCurrency: 'EUR', amount: null },
    { type: 'credit.convert', originCurrency: 'CUP', destinyCurrency: 'USD', amount: null },
  ],
  label: (i) => `saldos ${JSON.stringify(i.balances)}${i.destination ? ` a ${JSON.stringify(i.destination)}` : ''}`,
};

export const cardModel: LifecycleModel = {
  lifecycle: savedCard,
  // Every verification state, shown to the customer and hidden; its charges through Braintree (1).
  inputs: CARD_STATUSES.flatMap((s) => [true, false].map((visible) => ({ status: s, visible, paymentSystem: 1, permissions: EVERYTHING }))),
  // A change of gateway to another one, and to the one it has (refused, and the chart says why).
  extra: () => [
    { type: 'card.gateway', paymentSystem: 2 },
    { type: 'card.gateway', paymentSystem: 1 },
  ],
  label: (i) => `${status(i)}${i.visible ? '' : ' (oculta)'}`,
};

export const creditTransferModel: LifecycleModel = {
  lifecycle: creditTransfer,
  // Nothing to transfer, and 10 USD.
  inputs: [
    ...[{}, { CALL_CREDIT: 10 }].map((balances) => ({ status: 'open', balances, permissions: EVERYTHING })),
    // A request naming the source itself, and one naming a customer without a phone.
    { status: 'open', balances: { CALL_CREDIT: 10 }, permissions: EVERYTHING, destination: { self: true, phone: true } },
    { status: 'open', balances: { CALL_CREDIT: 10 }, permissions: EVERYTHING, destination: { self: false, phone: false } },
  ],
  // Within the balance, beyond it, in a currency without a balance.
  extra: () => [
    { type: 'transfer.create', amount: 5, currency: 'USD' },
    { type: 'transfer.create', amount: 50, currency: 'USD' },
    { type: 'transfer.create', amount: 1, currency: 'EUR' },
  ],
  label: (i) => `saldos ${JSON.stringify(i.balances)}`,
};

export const customerRegistryModel: LifecycleModel = {
  lifecycle: customerRegistry,
  inputs: [{ status: 'open', permissions: EVERYTHING }],
  label: status,
  refuses: false,
};

export const customerNotifyModel: LifecycleModel = {
  lifecycle: customerNotify,
  inputs: [{ status: 'open', addresses: { numbers: ['5355555555'], email: 'ana@correo.example' }, permissions: EVERYTHING }],
  // To the customer's own number and e-mail (as typed, with spaces and capitals), and to someone else's (refused).
  extra: () => [
    { type: 'notify.send', channel: [{ type: 'SMS', address: '+53 5555 5555' }] },
    { type: 'notify.send', channel: [{ type: 'EMAIL', address: 'Ana@Correo.example' }] },
    { type: 'notify.send', channel: [{ type: 'WHATSAPP', address: '5350009999' }] },
    { type: 'notify.send', channel: [{ type: 'EMAIL', address: 'otra@persona.example' }] },
  ],
  label: status,
  // The button is always offered: only what a request asks is refused (a stated refusal, covered above).
  refuses: false,
};

/** A customer's data, as 'Editar datos' edits it. */
export const CUSTOMER_INFO = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@correo.example', countryCode: 'CU', city: 'La Habana', region: null, gender: null, birthday: null };
/** A group carrying a permission nobody holds (no escalation: refused even to someone holding every other). */
const UNREACHABLE = 'CRM2_ADMIN';

export const customerAccountModel: LifecycleModel = {
  lifecycle: customerAccount,
  inputs: ACCOUNT_STATUSES.map((s) => ({ status: s, reliability: 5, info: CUSTOMER_INFO, groups: ['CUSTOMERS'], grants: { RETAIL: [Permission.DO_ACTION], [UNREACHABLE]: ['CRM_NADIE'] }, permissions: EVERYTHING })),
  // Giving a group not held and one held; taking one held and one not held; giving one beyond
  // every permission; each edit to something else and to what the account is (refused, and the
  // chart says why).
  extra: () => [
    { type: 'account.groups', assingGroups: ['RETAIL'], unassingGroups: [] },
    { type: 'account.groups', assingGroups: ['CUSTOMERS'], unassingGroups: [] },
    { type: 'account.groups', assingGroups: [], unassingGroups: ['CUSTOMERS'] },
    { type: 'account.groups', assingGroups: [], unassingGroups: ['RETAIL'] },
    { type: 'account.groups', assingGroups: [UNREACHABLE], unassingGroups: [] },
    { type: 'account.reliability', reliability: 10 },
    { type: 'account.reliability', reliability: 5 },
    { type: 'account.modify', reliability: 5, enable: true },
    { type: 'account.modify', reliability: 5, enable: false },
    { type: 'account.info', info: CUSTOMER_INFO },
    { type: 'account.info', info: { ...CUSTOMER_INFO, city: 'Matanzas' } },
  ],
  label: status,
};

export const accountSettingsModel: LifecycleModel = {
  lifecycle: accountSettings,
  inputs: [{ status: 'open', permissions: EVERYTHING }],
  label: status,
  refuses: false,
};

export const customerAccessModel: LifecycleModel = {
  lifecycle: customerAccess,
  // With a pin or without, attempts or none, an e-mail or none.
  inputs: [true, false].flatMap((pin) => [0, 3].flatMap((attempts) => [true, false].map((email) => ({ status: 'open', pin, attempts, email, permissions: EVERYTHING })))),
  // A new password told to the customer, and not told.
  extra: () => [
    { type: 'access.resetPassword', sendNotify: true },
    { type: 'access.resetPassword', sendNotify: false },
  ],
  label: (i) => `${i.pin ? 'con pin' : 'sin pin'}, ${String(i.attempts)} intentos, ${i.email ? 'con correo' : 'sin correo'}`,
};

export const customerFraudModel: LifecycleModel = {
  lifecycle: customerFraud,
  // Every state with saved cards, and a clean customer without any.
  inputs: [...FRAUD_STATUSES.map((s) => ({ status: s, cards: 2, permissions: EVERYTHING })), { status: 'clean', cards: 0, permissions: EVERYTHING }],
  label: (i) => `${status(i)} (${String(i.cards)} tarjetas)`,
};

/** A card and a phone in each state: who may list one differs by its kind. */
export const customerBlacklistModel: LifecycleModel = {
  lifecycle: customerBlacklist,
  inputs: LISTING_STATUSES.flatMap((s) => (['CARD', 'PHONE'] as const).map((kind) => ({ status: s, kind, permissions: EVERYTHING }))),
  label: status,
};

export const customerCampaignsModel: LifecycleModel = {
  lifecycle: customerCampaigns,
  inputs: (['open', 'synced'] as const).map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};

export const customerCourtesyModel: LifecycleModel = {
  lifecycle: customerCourtesy,
  // Offers on sale, and none.
  inputs: [[7, 8], []].map((onSale) => ({ status: 'open', onSale, permissions: EVERYTHING })),
  // An offer on sale and one that is not.
  extra: () => [
    { type: 'courtesy.topup', offerId: 7 },
    { type: 'courtesy.topup', offerId: 9 },
  ],
  label: (i) => `ofertas ${JSON.stringify(i.onSale)}`,
};

export const customerReportsModel: LifecycleModel = {
  lifecycle: customerReports,
  // A customer with an e-mail on file, and one without.
  inputs: [true, false].map((email) => ({ status: 'open', email, permissions: EVERYTHING })),
  // To the customer's own e-mail, and to another address.
  extra: () => [
    { type: 'reports.generate', emailForced: '' },
    { type: 'reports.generate', emailForced: 'otro@correo.example' },
  ],
  label: (i) => (i.email ? 'con correo' : 'sin correo'),
  // The button is always offered: only a report with nowhere to go is refused (a stated refusal).
  refuses: false,
};

export const customerKycModel: LifecycleModel = {
  lifecycle: customerKyc,
  inputs: CUSTOMER_KYC_STATES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};

export const addedCardsModel: LifecycleModel = {
  lifecycle: addedCards,
  inputs: ADDED_CARD_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};

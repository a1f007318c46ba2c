import type { EventObject } from 'xstate';
import { pathsOf } from './model-paths';
import { probesOf, type AnyLifecycle } from '@/machines/lifecycle/table';
import { order } from '@/machines/order/order.machine';
import { offer, OFFER_STATUSES } from '@/machines/order/offer.machine';
import { refund } from '@/machines/order/refund.machine';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { paymentRule } from '@/machines/order/payment-rule.machine';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
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
import { callReturn } from '@/machines/call/call-return.machine';
import { CHARGE_ORDER_STATES, chargeOrder } from '@/machines/charge-order/charge-order.machine';
import { LISTING_STATUSES } from '@/domain/customer-blacklist';
import { DOCUMENT_STATES, userDocument, userDocuments } from '@/machines/customer/document.machine';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';
import { approval } from '@/machines/queue/approval.machine';
import { APPROVAL_STATUSES } from '@/domain/approvals';
import { ORDER_STATUSES } from '@/domain/order-status';
import { APPLIED_RULE_STATUSES } from '@/domain/order-actions';
import { BANK_REMITTANCE_STATUSES, HOME_REMITTANCE_STATUSES } from '@/domain/remittance';
import { PICKUP_ITEM_STATUSES, PREPAID_ITEM_STATUSES, deliveryStatusFor } from '@/domain/pickup-prepaid';
import { TOPUP_OUTCOMES, TOPUP_STATUSES } from '@/domain/topup';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import type { DeliveryStatus } from '@/domain/delivery';

/**
 * Every lifecycle's model as the tests drive it: its starting inputs (every stored status, and the
 * facts that change what it may do) and the events of its action table (each row's probes, plus
 * the parameters only the server decides: the operator's answer, what the delivery service
 * reports, amounts). Machine, server and browser tests all walk these.
 */

export const EVERYTHING = [...ALL_PERMISSIONS];
export const TRACKING = 'TRK00000001';

export interface LifecycleModel {
  lifecycle: AnyLifecycle;
  /** Starting inputs, for someone holding every permission. */
  inputs: readonly Record<string, unknown>[];
  /** Events besides the table's probes (parameters the server decides). */
  extra?: (input: Record<string, unknown>) => readonly EventObject[];
  /** How a starting input reads in a test name. */
  label?: (input: Record<string, unknown>) => string;
  /** False for a chart guarded by the permission alone: it refuses nobody who holds it. */
  refuses?: boolean;
}

/** The events a model walks: every per-entity row's probes, and the extra ones. */
export function eventsOf(model: LifecycleModel, input: Record<string, unknown>): EventObject[] {
  const probes = model.lifecycle.rows.filter((row) => !row.bulk).flatMap((row) => probesOf(row));
  return [...probes, ...(model.extra?.(input) ?? [])];
}

/** The shortest path to every (state, incoming transition) of a model, per starting input. */
export function pathsOfModel(model: LifecycleModel) {
  return model.inputs.map((input) => ({ input, paths: pathsOf(model.lifecycle.machine, input, eventsOf(model, input)) }));
}

const status = (input: Record<string, unknown>) => String(input.status);

type Input = Record<string, unknown>;
/**
 * An item's starting inputs with its order released for payouts (OPEN), and again with its order in
 * risk review (RISK): there the item charts refuse every payout and say why.
 */
const eitherOrder = (inputs: readonly Input[]): Input[] => inputs.flatMap((input) => [{ ...input, orderStatus: 'OPEN' }, { ...input, orderStatus: 'RISK' }]);
const withOrder = (label: (input: Input) => string) => (input: Input) => (input.orderStatus === 'OPEN' ? label(input) : `${label(input)} (orden en ${String(input.orderStatus)})`);

export const orderModel: LifecycleModel = {
  lifecycle: order,
  inputs: ORDER_STATUSES.flatMap((s) => [
    { status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: false },
    ...(s === 'OPEN'
      ? [
          { status: s, permissions: EVERYTHING, totalRefundAllowed: true, itemsFinished: false },
          { status: s, permissions: EVERYTHING, totalRefundAllowed: false, itemsFinished: true },
        ]
      : []),
  ]),
  label: (i) => `${status(i)}${i.totalRefundAllowed ? ' (reembolso total permitido)' : ''}${i.itemsFinished ? ' (items terminados)' : ''}`,
};

/** A balance item still open: every refund button shows. */
const SALDO_OPEN = { productType: 'SALDO', itemStatus: 'OPEN' };

export const offerModel: LifecycleModel = {
  lifecycle: offer,
  inputs: [
    ...OFFER_STATUSES.filter((s) => s !== 'REFUND_TO_CREDIT').map((s) => ({ status: s, previousStatus: null, creditHeld: true, ...SALDO_OPEN, permissions: EVERYTHING })),
    { status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', creditHeld: true, ...SALDO_OPEN, permissions: EVERYTHING },
    { status: 'REFUND_TO_CREDIT', previousStatus: 'CLOSED', creditHeld: true, ...SALDO_OPEN, permissions: EVERYTHING },
    // The customer spent the credit: there is nothing to take back.
    { status: 'REFUND_TO_CREDIT', previousStatus: 'OPEN', creditHeld: false, ...SALDO_OPEN, permissions: EVERYTHING },
  ],
  label: (i) => `${i.previousStatus ? `${status(i)} (desde ${String(i.previousStatus)})` : status(i)}${i.creditHeld ? '' : ' (crédito gastado)'}`,
};

export const refundModel: LifecycleModel = {
  lifecycle: refund,
  inputs: [
    { price: 10, refunded: 0, productType: 'SALDO', itemStatus: 'OPEN', permissions: EVERYTHING },
    { price: 10, refunded: 4, productType: 'SALDO', itemStatus: 'REFUND_PARTIAL', permissions: EVERYTHING },
    { price: 10, refunded: 10, productType: 'SALDO', itemStatus: 'REFUND', permissions: EVERYTHING },
  ],
  // Amounts that leave something, that take what is left after the first, that take it all at once.
  extra: (i) => {
    const left = Number(i.price) - Number(i.refunded);
    return [
      { type: 'refund.partial', amount: 1 },
      { type: 'refund.partial', amount: Math.round((left - 1) * 100) / 100 },
      { type: 'refund.partial', amount: left },
    ];
  },
  label: (i) => `${String(i.refunded)} de ${String(i.price)} reembolsado`,
};

export const zelleModel: LifecycleModel = {
  lifecycle: zelleLink,
  inputs: [
    { registered: false, linked: false, processed: false, orderStatus: 'PENDING_ZELLE_CONFIRM', permissions: EVERYTHING },
    { registered: true, linked: false, processed: false, orderStatus: 'OPEN', permissions: EVERYTHING },
    { registered: true, linked: true, processed: false, orderStatus: 'OPEN', permissions: EVERYTHING },
    { registered: true, linked: false, processed: true, orderStatus: 'OPEN', permissions: EVERYTHING },
  ],
  label: (i) => (i.processed ? 'procesada' : i.linked ? 'vinculada' : i.registered ? 'sin vincular' : 'nueva'),
};

export const paymentRuleModel: LifecycleModel = {
  lifecycle: paymentRule,
  inputs: APPLIED_RULE_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};

export const bankModel: LifecycleModel = {
  lifecycle: bankRemittance,
  inputs: eitherOrder(BANK_REMITTANCE_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING }))),
  label: withOrder(status),
};

export const homeModel: LifecycleModel = {
  lifecycle: homeRemittance,
  inputs: eitherOrder([
    ...HOME_REMITTANCE_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING, trackingNumber: TRACKING })),
    // Not registered with the delivery service yet: nothing but a refresh.
    { status: 'MANUAL', permissions: EVERYTHING, trackingNumber: null },
  ]),
  // What the delivery service may report on a refresh.
  extra: () => (['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'] as const).map((reported) => ({ type: 'item.refresh', reported })),
  label: withOrder((i) => (i.trackingNumber === null ? `${status(i)} (sin seguimiento)` : status(i))),
};

/** Delivery statuses that change what a pickup may do besides the one that goes with its status. */
const DELIVERY_VARIANTS: Partial<Record<string, DeliveryStatus[]>> = {
  TO_ACTIVATE: ['ASSIGNED', 'IN_TRANSIT', 'FULFILLED'],
  PENDING_DELIVERY: ['IN_TRANSIT', 'FULFILLED'],
};

export const pickupModel: LifecycleModel = {
  lifecycle: pickupCash,
  inputs: eitherOrder(
    PICKUP_ITEM_STATUSES.flatMap((s) => [
      { status: s, permissions: EVERYTHING, deliveryStatus: deliveryStatusFor(s) },
      ...(DELIVERY_VARIANTS[s] ?? []).map((deliveryStatus) => ({ status: s, permissions: EVERYTHING, deliveryStatus })),
    ]),
  ),
  label: withOrder((i) => `${status(i)}/${String(i.deliveryStatus)}`),
};

export const prepaidModel: LifecycleModel = {
  lifecycle: prepaidCard,
  inputs: eitherOrder([
    ...PREPAID_ITEM_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING, hasDestination: true })),
    // Without a stored destination there is nothing to edit.
    { status: 'OPEN', permissions: EVERYTHING, hasDestination: false },
  ]),
  label: withOrder((i) => (i.hasDestination ? status(i) : `${status(i)} (sin destino)`)),
};

export const topupModel: LifecycleModel = {
  lifecycle: topupItem,
  inputs: eitherOrder(
    TOPUP_STATUSES.flatMap((s) => [
      { status: s, permissions: EVERYTHING, offerExpired: false },
      ...(s === 'MULTIPLE' ? [{ status: s, permissions: EVERYTHING, offerExpired: true }] : []),
    ]),
  ),
  // Every answer the operator may give to a delivery attempt.
  extra: () => TOPUP_OUTCOMES.map((outcome) => ({ type: 'item.fulfill', outcome })),
  label: withOrder((i) => (i.status === 'MULTIPLE' ? `MULTIPLE (oferta ${i.offerExpired ? 'expirada' : 'vigente'})` : status(i))),
};

export const claimModel: LifecycleModel = {
  lifecycle: topupClaim,
  inputs: [
    ...[0, 1, 2].map((claims) => ({ claims, itemStatus: 'FULFILLED', permissions: EVERYTHING })),
    // Only a delivered top-up is claimed.
    { claims: 0, itemStatus: 'ERROR', permissions: EVERYTHING },
  ],
  label: (i) => `${String(i.claims)} reclamos${i.itemStatus === 'FULFILLED' ? '' : ` (${String(i.itemStatus)})`}`,
};

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
  label: (i) => `saldos ${JSON.stringify(i.balances)}`,
};

export const cardModel: LifecycleModel = {
  lifecycle: savedCard,
  // Every verification state, shown to the customer and hidden.
  inputs: CARD_STATUSES.flatMap((s) => [true, false].map((visible) => ({ status: s, visible, permissions: EVERYTHING }))),
  label: (i) => `${status(i)}${i.visible ? '' : ' (oculta)'}`,
};

export const creditTransferModel: LifecycleModel = {
  lifecycle: creditTransfer,
  // Nothing to transfer, and 10 USD.
  inputs: [{}, { CALL_CREDIT: 10 }].map((balances) => ({ status: 'open', balances, permissions: EVERYTHING })),
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
  inputs: [{ status: 'open', permissions: EVERYTHING }],
  label: status,
  refuses: false,
};

export const customerAccountModel: LifecycleModel = {
  lifecycle: customerAccount,
  inputs: ACCOUNT_STATUSES.map((s) => ({ status: s, groups: ['CUSTOMERS'], permissions: EVERYTHING })),
  // Giving a group not held and one held; taking one held and one not held.
  extra: () => [
    { type: 'account.groups', assingGroups: ['RETAIL'], unassingGroups: [] },
    { type: 'account.groups', assingGroups: ['CUSTOMERS'], unassingGroups: [] },
    { type: 'account.groups', assingGroups: [], unassingGroups: ['CUSTOMERS'] },
    { type: 'account.groups', assingGroups: [], unassingGroups: ['RETAIL'] },
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

export const chargeOrderModel: LifecycleModel = {
  lifecycle: chargeOrder,
  // Every status a charge order is stored in, and CLOSED once refunded.
  inputs: CHARGE_ORDER_STATES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};

export const callReturnModel: LifecycleModel = {
  lifecycle: callReturn,
  // A call of 3 billed minutes costing 0.30: without a bill, untouched, part returned, all returned.
  inputs: (
    [
      ['unbilled', 0, 0],
      ['open', 0.3, 0],
      ['partial', 0.3, 0.1],
      ['returned', 0.3, 0.3],
    ] as const
  ).map(([s, bill, returned]) => ({ status: s, bill, returned, seconds: 150, permissions: EVERYTHING })),
  // What fits, what completes and what exceeds, in both kinds.
  extra: () => [
    { type: 'call.returnPartial', returnType: 'FREE_MIN', amount: 1 },
    { type: 'call.returnPartial', returnType: 'FREE_MIN', amount: 3 },
    { type: 'call.returnPartial', returnType: 'FREE_MIN', amount: 4 },
    { type: 'call.returnPartial', returnType: 'CALL_CREDIT', amount: 0.2 },
    { type: 'call.returnPartial', returnType: 'CALL_CREDIT', amount: 0.31 },
  ],
  label: status,
};

export const customerReportsModel: LifecycleModel = {
  lifecycle: customerReports,
  inputs: [{ status: 'open', permissions: EVERYTHING }],
  label: status,
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

/**
 * A four-eyes request in each state: asked by the person looking (1) or by another (2), in time or
 * out of it; the expiry is the server's event, sent when the same action is asked for again.
 */
export const approvalModel: LifecycleModel = {
  lifecycle: approval,
  inputs: APPROVAL_STATUSES.flatMap((s) =>
    [1, 2].flatMap((requesterId) => [false, true].map((expired) => ({ status: s, requesterId, actorId: 1, needs: ['CRM_LECTOR', 'CRM7_DO_ACTION'], expired, permissions: EVERYTHING }))),
  ),
  extra: () => [{ type: 'approval.expire' }],
  label: (i) => `${status(i)} (${i.requesterId === i.actorId ? 'propia' : 'de otra persona'}${i.expired ? ', vencida' : ''})`,
};

export const MODELS: readonly LifecycleModel[] = [
  orderModel,
  offerModel,
  refundModel,
  zelleModel,
  paymentRuleModel,
  bankModel,
  homeModel,
  pickupModel,
  prepaidModel,
  topupModel,
  claimModel,
  phoneModel,
  customerPhonesModel,
  customerCreditModel,
  callReturnModel,
  chargeOrderModel,
  cardModel,
  creditTransferModel,
  customerRegistryModel,
  customerNotifyModel,
  customerAccountModel,
  accountSettingsModel,
  customerAccessModel,
  customerFraudModel,
  customerBlacklistModel,
  customerCampaignsModel,
  customerCourtesyModel,
  customerReportsModel,
  customerKycModel,
  addedCardsModel,
  documentModel,
  documentsModel,
  homeRecipientModel,
  bankRecipientModel,
  approvalModel,
];

/** A path named by its events and what they carry: `item.fulfill(failed) → item.resetTries`. */
export function describeEvents(path: { steps: readonly { event: EventObject }[] }): string {
  const name = (e: EventObject & Record<string, unknown>) => {
    const params = Object.entries(e)
      .filter(([key]) => key !== 'type')
      .map(([, value]) => String(value));
    return params.length ? `${e.type}(${params.join(',')})` : e.type;
  };
  return (
    path.steps
      .map((s) => s.event)
      .filter((e) => e.type !== 'xstate.init')
      .map((e) => name(e as EventObject & Record<string, unknown>))
      .join(' → ') || '(inicio)'
  );
}

import { formatPhone } from '@/domain/phones';
import { ofCustomer } from '../customer/entity-names';

/**
 * How the replay finds an entity's row again from what a stored transition names of it (issue 40
 * §5): its chart, its entity id, its document. Each chart's store finds its records by a key of its
 * own (the row's request builds it); here, per chart, that key from the stored names. One table
 * beside the replay rather than a method in every binding: the keys are plain values, and the
 * features' files are left alone (docs/decisions.md "Issue 40, replay and conformance (server)").
 *
 * A chart mapped to null has no row the stored names lead back to: the registry (one entity, the
 * console), a blacklisted value or a settings list's entry (stored by a caption that masks the
 * card), a customer's KYC (per company: the entity names the customer only). Its histories are
 * replayed step by step; the row's state at the end is not compared.
 */

export interface StoredEntity {
  entityId: string;
  docCode: string | null;
  docId: string | null;
  /** The console's company, for the stores whose key names it. */
  tenant: string;
}

/** The key the chart's store finds the entity by; null when the names lead to none. */
type KeyOf = (entity: StoredEntity) => unknown;

/** An id as stored (text) back to the number a key holds; null when it is not one. */
const int = (text: string | null): number | null => (text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null);
const both = <T>(a: number | null, b: number | null, key: (a: number, b: number) => T) => (a === null || b === null ? null : key(a, b));

const account: KeyOf = (e) => both(int(e.entityId), 0, (accountId) => ({ accountId }));
const item: KeyOf = (e) => both(int(e.entityId), 0, (id) => ({ item: id }));
const recipient: KeyOf = (e) => both(int(e.docId), int(e.entityId), (accountId, id) => ({ accountId, id }));

/** A phone is named by its customer and its number as shown (`withinCustomer`, `formatPhone`: '+' and the digits). */
const phone: KeyOf = (e) => {
  const named = ofCustomer(e.entityId);
  return named && formatPhone(named.name.slice(1)) === named.name ? { accountId: named.accountId, phoneNumber: named.name.slice(1) } : null;
};

export const ENTITY_KEYS: Readonly<Record<string, KeyOf | null>> = {
  order: (e) => both(int(e.entityId), 0, (order) => ({ order })),
  offer: (e) => both(int(e.docId), int(e.entityId), (order, offer) => ({ order, offer })),
  refund: (e) => both(int(e.docId), int(e.entityId), (order, offer) => ({ order, offer })),
  paymentRule: (e) => both(int(e.docId), int(e.entityId), (order, rule) => ({ order, rule })),
  zelleLink: (e) => both(int(e.entityId), 0, (transfer) => ({ tenant: e.tenant, reference: null, transfer })),
  bankRemittanceItem: item,
  homeRemittanceItem: item,
  pickupCashItem: item,
  prepaidCardItem: item,
  topupItem: item,
  topupClaim: item,
  phone,
  customerPhones: account,
  customerCredit: account,
  card: (e) => both(int(e.docId), int(e.entityId), (accountId, id) => ({ accountId, id })),
  creditTransfer: account,
  customerRegistry: null,
  customerNotify: account,
  customerAccount: account,
  accountSettings: account,
  customerAccess: account,
  customerFraud: account,
  customerBlacklist: null,
  customerCampaigns: account,
  customerCourtesy: account,
  customerReports: account,
  customerKyc: null,
  addedCards: account,
  userDocument: (e) => both(int(e.entityId), 0, (id) => ({ id })),
  userDocuments: account,
  homeRecipient: recipient,
  bankRecipient: recipient,
  callReturn: (e) => both(int(e.entityId), 0, (callId) => ({ callId })),
  chargeOrder: (e) => both(int(e.entityId), 0, (id) => ({ tenant: e.tenant, id })),
  blacklistEntry: null,
  recipientEntry: null,
  smsPrefix: (e) => ({ prefix: e.entityId }),
  // The document's id (its entity id also names its kind, ORDER-5: an order and a customer may share a number).
  docActivity: (e) => (e.docCode === null ? null : both(int(e.docId), 0, (docId) => ({ docCode: e.docCode, docId }))),
  // A claim also moves where nothing is stored (its lifecycle's `movedOutside`): its row now is not where its last release left it.
  claimRelease: null,
  approval: (e) => int(e.entityId),
};

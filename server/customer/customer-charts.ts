import type { Binding } from '../lifecycle/binding';
import { snapshotOfKey, snapshotOfRecord, snapshotsOf, type ReadContext } from '../lifecycle/snapshot';
import { customerCreditBinding } from './credit';
import { creditTransferBinding } from './transfer';
import { customerNotifyBinding } from './notify';
import { customerAccountBinding } from './account';
import { accountSettingsBinding } from './settings';
import { customerAccessBinding } from './access';
import { customerFraudBinding } from './fraud';
import { customerKycBinding } from './kyc';
import { customerCourtesyBinding } from './courtesy';
import { customerReportsBinding } from './reports';
import { addedCardsBinding } from './added-cards';
import { customerCampaignsBinding } from './campaigns';
import { cardBinding } from './cards';
import { customerBlacklistBinding } from './blacklist';
import { customerPhonesBinding, phoneBinding, type PhoneRecord } from './phones';
import { documentBinding, documentsBinding, type DocumentRecord } from './documents';
import { bankRecipientBinding, homeRecipientBinding } from './recipients';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { KYC_COMPANY_ID } from '@/domain/session';
import type { ListingKind } from '@/domain/customer-blacklist';

/**
 * The charts a customer's reads carry (issue 25 §1), each computed by its binding's store, the
 * function the mover restores it from: the customer page's own charts (its action bar), the
 * added-card attempts', each saved card's and phone's (with their listing on the blacklist).
 */

/** The charts of the customer page's action bar. */
export function customerCharts(ctx: ReadContext, accountId: number): Promise<ChartSnapshot[]> {
  const key = { accountId };
  const charts: [Binding, unknown][] = [
    [customerCreditBinding, key],
    [creditTransferBinding, key],
    [customerNotifyBinding, key],
    [customerAccountBinding, key],
    [accountSettingsBinding, key],
    [customerAccessBinding, key],
    [customerFraudBinding, key],
    // The company the console's link names (the row sends it).
    [customerKycBinding, { accountId, companyId: KYC_COMPANY_ID }],
    [customerCourtesyBinding, key],
    [customerReportsBinding, key],
  ];
  return snapshotsOf(ctx, charts);
}

/** The campaigns' chart (the sync, synced for a while after one). */
export const campaignsCharts = async (ctx: ReadContext, accountId: number) => [await snapshotOfKey(ctx, customerCampaignsBinding, { accountId })];

/** The added-card attempts' chart (the reset). */
export const addedCardsCharts = async (ctx: ReadContext, accountId: number) => [await snapshotOfKey(ctx, addedCardsBinding, { accountId })];

/** The listing of a customer's card or phone on the blacklist. */
const listingChart = (ctx: ReadContext, accountId: number, kind: ListingKind, value: string) => snapshotOfKey(ctx, customerBlacklistBinding, { accountId, kind, value });

/** A saved card's charts: its verification and its listing. */
export const cardCharts = async (ctx: ReadContext, card: { id: number; accountId: number; uniqueNumberIdentifier: string }) => [
  await snapshotOfKey(ctx, cardBinding, { accountId: card.accountId, id: card.id }),
  await listingChart(ctx, card.accountId, 'CARD', card.uniqueNumberIdentifier),
];

/** A card that paid an order: its listing. */
export const paidCardCharts = async (ctx: ReadContext, accountId: number, uniqueNumberIdentifier: string) => [await listingChart(ctx, accountId, 'CARD', uniqueNumberIdentifier)];

/** A phone's charts, from its record as the list read it: its verification and its listing. */
export const phoneCharts = async (ctx: ReadContext, phone: PhoneRecord) => [await snapshotOfRecord(ctx, phoneBinding, phone), await listingChart(ctx, phone.account_id, 'PHONE', phone.phone_number)];

/** The phones' collection chart (adding one). */
export const phonesCharts = async (ctx: ReadContext, accountId: number) => [await snapshotOfKey(ctx, customerPhonesBinding, { accountId })];

/** A document's chart (review, replace, delete), from its record as the list read it. */
export const documentCharts = async (ctx: ReadContext, document: DocumentRecord) => [await snapshotOfRecord(ctx, documentBinding, document)];

/** The documents' collection chart (adding one). */
export const documentsCharts = async (ctx: ReadContext, accountId: number) => [await snapshotOfKey(ctx, documentsBinding, { accountId })];

/** A home recipient's chart (its edit), by the key its row names. */
export const homeRecipientCharts = async (ctx: ReadContext, key: { id: number; accountId: number }) => [await snapshotOfKey(ctx, homeRecipientBinding, key)];

/** A bank recipient's chart (its edit), by the key its row names. */
export const bankRecipientCharts = async (ctx: ReadContext, key: { id: number; accountId: number }) => [await snapshotOfKey(ctx, bankRecipientBinding, key)];

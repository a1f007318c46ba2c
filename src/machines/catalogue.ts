import type { AnyLifecycle } from './lifecycle/table';
import { actionLabels } from './lifecycle/labels';
import { docActivity } from './activity/doc-activity.machine';
import { callReturn } from './call/call-return.machine';
import { chargeOrder } from './charge-order/charge-order.machine';
import { customerAccess } from './customer/access.machine';
import { customerAccount } from './customer/account.machine';
import { addedCards } from './customer/added-cards.machine';
import { customerBlacklist } from './customer/blacklist.machine';
import { customerCampaigns } from './customer/campaigns.machine';
import { savedCard } from './customer/card.machine';
import { customerCourtesy } from './customer/courtesy.machine';
import { customerCredit } from './customer/credit.machine';
import { userDocument, userDocuments } from './customer/document.machine';
import { customerFraud } from './customer/fraud.machine';
import { customerKyc } from './customer/kyc.machine';
import { customerNotify } from './customer/notify.machine';
import { phone, customerPhones } from './customer/phone.machine';
import { homeRecipient, bankRecipient } from './customer/recipient.machine';
import { customerRegistry } from './customer/register.machine';
import { customerReports } from './customer/reports.machine';
import { accountSettings } from './customer/settings.machine';
import { creditTransfer } from './customer/transfer.machine';
import { bankRemittance } from './items/bank-remittance.machine';
import { homeRemittance } from './items/home-remittance.machine';
import { pickupCash } from './items/pickup-cash.machine';
import { prepaidCard } from './items/prepaid-card.machine';
import { topupClaim } from './items/topup-claim.machine';
import { topupItem } from './items/topup.machine';
import { offer } from './order/offer.machine';
import { order } from './order/order.machine';
import { paymentRule } from './order/payment-rule.machine';
import { refund } from './order/refund.machine';
import { zelleLink } from './order/zelle-link.machine';
import { approval } from './queue/approval.machine';
import { blacklistEntry, recipientEntry } from './settings/list-entry.machine';
import { smsPrefix } from './settings/sms-prefix.machine';
import { claimRelease } from './supervision/claim-release.machine';
import { auditText } from '@/i18n/es-audit';

/**
 * Every chart a person moves through its action table, as the server serves them (server/lifecycles.ts,
 * the same set: tests/app/audit-catalogue.test.ts): what names a stored transition in Spanish.
 */
export const LIFECYCLE_CATALOGUE: readonly AnyLifecycle[] = [docActivity, callReturn, chargeOrder, customerAccess, customerAccount, addedCards, customerBlacklist, customerCampaigns, savedCard, customerCourtesy, customerCredit, userDocument, userDocuments, customerFraud, customerKyc, customerNotify, phone, customerPhones, homeRecipient, bankRecipient, customerRegistry, customerReports, accountSettings, creditTransfer, bankRemittance, homeRemittance, pickupCash, prepaidCard, topupClaim, topupItem, offer, order, paymentRule, refund, zelleLink, approval, blacklistEntry, recipientEntry, smsPrefix, claimRelease];

/** An event of a chart by its action row's Spanish label (the code name when no row has it). */
export const eventLabel = actionLabels(LIFECYCLE_CATALOGUE);

/** A chart by its Spanish name (the code name for a chart the console does not know). */
export const chartLabel = (chart: string): string => (auditText.charts as Readonly<Record<string, string>>)[chart] ?? chart;

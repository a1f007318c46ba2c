import type { Binding, Gate } from './lifecycle/binding';
import { orderBinding, offerBinding, paymentRuleBinding, refundBinding } from './order/order-actions';
import { zelleBinding } from './order/zelle';
import { bankRemittanceBinding } from './items/bank-remittance';
import { homeRemittanceBinding } from './items/home-remittance';
import { pickupCashBinding } from './items/pickup-cash';
import { prepaidCardBinding } from './items/prepaid-gift';
import { topupClaimBinding, topupItemBinding } from './items/topup';
import { customerPhonesBinding, phoneBinding } from './customer/phones';
import { customerCreditBinding } from './customer/credit';
import { cardBinding } from './customer/cards';
import { creditTransferBinding } from './customer/transfer';
import { customerRegistryBinding } from './customer/register';
import { customerNotifyBinding } from './customer/notify';
import { customerAccountBinding } from './customer/account';
import { accountSettingsBinding } from './customer/settings';
import { customerAccessBinding } from './customer/access';
import { customerFraudBinding } from './customer/fraud';
import { customerBlacklistBinding } from './customer/blacklist';
import { customerCampaignsBinding } from './customer/campaigns';
import { customerCourtesyBinding } from './customer/courtesy';
import { customerReportsBinding } from './customer/reports';
import { customerKycBinding } from './customer/kyc';
import { addedCardsBinding } from './customer/added-cards';
import { documentBinding, documentsBinding } from './customer/documents';
import { bankRecipientBinding, homeRecipientBinding } from './customer/recipients';
import { callReturnBinding } from './call/call-return';
import { chargeOrderBinding } from './charge-order/actions';
import { fourEyes } from './queue/approvals';
import { claimGate } from './queue/claims';
import { firstMoments } from './lifecycle/first-moments';
import { queueBatchBinding } from './queue/bulk';
import { blacklistEntryBinding, recipientEntryBinding } from './settings/blacklists';
import { smsPrefixBinding } from './settings/sms-config';
import { docActivityBinding } from './activity/doc-activity';
import { claimReleaseBinding } from './supervision/release';

/**
 * The composition root of the actions: every lifecycle the server serves through its action table
 * (server/lifecycle/mount.ts), and the gates every move passes (server/lifecycle/binding.ts `Gate`).
 * The mover imports none of this; the routes hand it over (server/routes.ts).
 */

/** The lifecycles of the features, each a chart, its table and its binding. */
const FEATURES: readonly Binding[] = [
  orderBinding,
  offerBinding,
  refundBinding,
  paymentRuleBinding,
  zelleBinding,
  bankRemittanceBinding,
  homeRemittanceBinding,
  pickupCashBinding,
  prepaidCardBinding,
  topupItemBinding,
  topupClaimBinding,
  phoneBinding,
  customerPhonesBinding,
  customerCreditBinding,
  cardBinding,
  creditTransferBinding,
  customerRegistryBinding,
  customerNotifyBinding,
  customerAccountBinding,
  accountSettingsBinding,
  customerAccessBinding,
  customerFraudBinding,
  customerBlacklistBinding,
  customerCampaignsBinding,
  customerCourtesyBinding,
  customerReportsBinding,
  customerKycBinding,
  addedCardsBinding,
  documentBinding,
  documentsBinding,
  homeRecipientBinding,
  callReturnBinding,
  chargeOrderBinding,
  bankRecipientBinding,
  blacklistEntryBinding,
  recipientEntryBinding,
  smsPrefixBinding,
  docActivityBinding,
  claimReleaseBinding,
];

/**
 * Four-eyes over the features' rows: an approved request runs the row it names, found among these;
 * and over the queues' bulk decisions (a batch of a four-eyes row waits as one request, issue 28).
 * The batch is not a route of the action tables: its own route (server/queue/routes.ts) applies each entry.
 */
export const FOUR_EYES = fourEyes([...FEATURES, queueBatchBinding]);

/** Every lifecycle the server serves: the features' and the approval chart's. */
export const LIFECYCLES: readonly Binding[] = [...FEATURES, FOUR_EYES.binding];

/**
 * What every move passes, in this order: per request, four-eyes (above the threshold the request
 * waits for a second person: 202); per record, someone else's claim on the queue entry (409); and
 * the writer of a created entity's first moment (issue 40 §4) and of the move of another chart's
 * entity a handler writes (a customer's card listed: the blacklist's value), which refuses nothing of its own.
 */
export const GATES: readonly Gate[] = [FOUR_EYES.gate, claimGate, firstMoments(LIFECYCLES)];

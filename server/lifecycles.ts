import type { Binding } from './lifecycle/binding';
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
import { approvalBinding, approvalsServe } from './queue/approvals';

/** Every lifecycle the server serves through its action table (server/lifecycle/mount.ts). */
export const LIFECYCLES: readonly Binding[] = [
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
  approvalBinding,
];

// An approved four-eyes request runs the row it names, found among these.
approvalsServe(LIFECYCLES);

import type { LifecycleModel } from './model';
import { offerModel, orderModel, paymentRuleModel, refundModel, zelleModel } from './order';
import { bankModel, claimModel, homeModel, pickupModel, prepaidModel, topupModel } from './items';
import {
  accountSettingsModel,
  addedCardsModel,
  bankRecipientModel,
  cardModel,
  creditTransferModel,
  customerAccessModel,
  customerAccountModel,
  customerBlacklistModel,
  customerCampaignsModel,
  customerCourtesyModel,
  customerCreditModel,
  customerFraudModel,
  customerKycModel,
  customerNotifyModel,
  customerPhonesModel,
  customerRegistryModel,
  customerReportsModel,
  documentModel,
  documentsModel,
  homeRecipientModel,
  phoneModel,
} from './customer';
import { callReturnModel } from './call';
import { chargeOrderModel } from './charge-order';
import { approvalModel } from './approval';
import { blacklistEntryModel, claimReleaseModel, docActivityModel, recipientEntryModel, smsPrefixModel } from './settings';

/**
 * Every lifecycle's model as the tests drive it, one module per domain (order, items, customer,
 * call, charge order, approval) over the shared shape in ./model. Machine, server and browser
 * tests import them from here.
 */
export { EVERYTHING, TRACKING, describeEvents, eventsOf, pathsOfModel, type LifecycleModel } from './model';
export * from './order';
export * from './items';
export * from './customer';
export * from './call';
export * from './charge-order';
export * from './approval';
export * from './settings';

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
  blacklistEntryModel,
  recipientEntryModel,
  smsPrefixModel,
  docActivityModel,
  claimReleaseModel,
];

import * as v from 'valibot';
import { Msg } from '@/domain/messages';
import { BodyId } from './fields';
import { SettingsMsg, THREE_DS_STRATEGIES } from '@/domain/account-settings';

/** A customer's account settings actions (spec details §7 "Account"). */

const AccountId = BodyId(SettingsMsg.account);
const Flag = v.boolean(SettingsMsg.flag);
const Json = Msg.jsonObject;

/** POST /customer/secured/threeDsStrategy: accountId, threeDsStrategyId (0 default, 1 disabled, 2 enabled). */
export const ThreeDsBody = v.object({ accountId: AccountId, threeDsStrategyId: v.picklist(THREE_DS_STRATEGIES, SettingsMsg.threeDs) }, Json);
export type ThreeDsBody = v.InferOutput<typeof ThreeDsBody>;

/** POST /users/secured/update/tubolsillo: id (the account), enable. */
export const TuBolsilloBody = v.object({ id: AccountId, enable: Flag }, Json);
export type TuBolsilloBody = v.InferOutput<typeof TuBolsilloBody>;

/** POST /users/secured/update/subscribePromotion: accountId and the four channels. */
export const MarketingBody = v.object({ accountId: AccountId, subscribePromotion: Flag, subscribeEmail: Flag, subscribeWhatsapp: Flag, subscribeCall: Flag }, Json);
export type MarketingBody = v.InferOutput<typeof MarketingBody>;

/** What a settings action answers: the settings as they are now. */
export const AccountSettingsState = v.object({
  accountId: v.number(),
  value3DS: v.string(),
  tuBolsillo: v.boolean(),
  sendPromotionsSMS: v.boolean(),
  sendPromotionsEmail: v.boolean(),
  sendPromotionsWhatsapp: v.boolean(),
  sendPromotions: v.boolean(),
});
export type AccountSettingsState = v.InferOutput<typeof AccountSettingsState>;

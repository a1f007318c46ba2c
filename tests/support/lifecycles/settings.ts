import { EVERYTHING, status, type LifecycleModel } from './model';
import { blacklistEntry, recipientEntry } from '@/machines/settings/list-entry.machine';
import { smsPrefix } from '@/machines/settings/sms-prefix.machine';
import { docActivity } from '@/machines/activity/doc-activity.machine';
import { claimRelease, CLAIM_RELEASE_STATUSES } from '@/machines/supervision/claim-release.machine';
import { BLACKLIST_TYPES, GLOBAL_PREFIX, RECIPIENT_TYPES } from '@/api/contract/settings';
import { ENTRY_STATUSES } from '@/domain/settings-lists';

/**
 * The models of the charts that change no order, item or customer: Settings' lists (a value of the
 * general or the recipient blacklist, an SMS prefix), a document's notes and console log entries,
 * and the lead's release of a claim.
 */

const SAMPLE: Record<string, string> = { PHONE: '5351234567', CARD: '4111111111111111', EMAIL: 'uno@correo.example', DEVICE: 'device-1', ADVERTISING_ID: 'ad-1' };
const entries = (types: readonly string[]) => ENTRY_STATUSES.flatMap((s) => types.map((kind) => ({ status: s, kind, value: SAMPLE[kind]!, permissions: EVERYTHING })));
const entryLabel = (input: Record<string, unknown>) => `${String(input.status)} ${String(input.kind)}`;

export const blacklistEntryModel: LifecycleModel = {
  lifecycle: blacklistEntry,
  inputs: entries(BLACKLIST_TYPES),
  // The add form's type choice carries the kind: a card is fraud work, the rest support work.
  extra: () => BLACKLIST_TYPES.map((kind) => ({ type: 'entry.add', kind })),
  label: entryLabel,
};

export const recipientEntryModel: LifecycleModel = {
  lifecycle: recipientEntry,
  inputs: entries(RECIPIENT_TYPES),
  label: entryLabel,
};

export const SMS_PROVIDERS_MODEL = ['INFOBIP', 'TWILIO'];

export const smsPrefixModel: LifecycleModel = {
  lifecycle: smsPrefix,
  inputs: [
    { status: 'absent', prefix: '57', provider: null, providers: SMS_PROVIDERS_MODEL, permissions: EVERYTHING },
    { status: 'configured', prefix: '53', provider: 'INFOBIP', providers: SMS_PROVIDERS_MODEL, permissions: EVERYTHING },
    { status: 'configured', prefix: GLOBAL_PREFIX, provider: 'TWILIO', providers: SMS_PROVIDERS_MODEL, permissions: EVERYTHING },
  ],
  // What the request names: a provider the host knows, and one it does not.
  extra: () => [
    { type: 'sms.update', provider: 'TWILIO' },
    { type: 'sms.update', provider: 'NADIE' },
  ],
  label: (input) => `${String(input.status)} ${String(input.prefix)}`,
};

export const docActivityModel: LifecycleModel = {
  lifecycle: docActivity,
  inputs: (['ORDER', 'CUSTOM', 'UPG', 'CALL'] as const).map((docCode) => ({ status: 'open', docCode, permissions: EVERYTHING })),
  label: (input) => String(input.docCode),
  refuses: false,
};

export const claimReleaseModel: LifecycleModel = {
  lifecycle: claimRelease,
  inputs: CLAIM_RELEASE_STATUSES.map((s) => ({ status: s, permissions: EVERYTHING })),
  label: status,
};

import { checkBody as check } from '@/api/contract/check';
import { BlacklistChange, RecipientChange } from '@/api/contract/settings';
import { blacklistBody, recipientBody } from '@/api/settings';

/** The general blacklist body for one entry, checked by the contract the server applies. */
export const parseBlacklistBody = (type: string, value: string) => check(BlacklistChange, blacklistBody(type, value));

/** The recipient blacklist body for one entry, checked the same way. */
export const parseRecipientBody = (type: string, value: string) => check(RecipientChange, recipientBody(type, value));

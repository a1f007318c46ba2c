import * as v from 'valibot';
import type { Validation } from '@/ui/action-flow-logic';
import { BlacklistChange, RecipientChange } from '@/api/contract/settings';
import { blacklistBody, recipientBody } from '@/api/settings';

function check<TSchema extends v.GenericSchema>(schema: TSchema, body: unknown): Validation<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(schema, body);
  return parsed.success ? { ok: true, payload: parsed.output } : { ok: false, message: parsed.issues[0].message };
}

/** The general blacklist body for one entry, checked by the contract the server applies. */
export const parseBlacklistBody = (type: string, value: string) => check(BlacklistChange, blacklistBody(type, value));

/** The recipient blacklist body for one entry, checked the same way. */
export const parseRecipientBody = (type: string, value: string) => check(RecipientChange, recipientBody(type, value));

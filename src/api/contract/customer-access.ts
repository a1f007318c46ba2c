import * as v from 'valibot';
import { QueryId } from './fields';
import { AccessMsg } from '@/domain/customer-access';

/** A customer's sign-in maintenance (spec details §7 "Sign-in"); every parameter is in the query. */

const IdText = QueryId(AccessMsg.account);

/** POST /uaa/secured/reset/password?accountId&sendNotify */
export const ResetPasswordQuery = v.object({ accountId: IdText, sendNotify: v.pipe(v.optional(v.string(AccessMsg.notify), ''), v.picklist(['true', 'false'], AccessMsg.notify), v.transform((s) => s === 'true')) });
export type ResetPasswordQuery = v.InferOutput<typeof ResetPasswordQuery>;

/** POST /uaa/secured/reset/passwordless?id */
export const PasswordlessQuery = v.object({ id: IdText });
export type PasswordlessQuery = v.InferOutput<typeof PasswordlessQuery>;

/** POST /uaa/secured/loginAttempt/reset?accountId (the reference server's path: the spec does not show it). */
export const AttemptsResetQuery = v.object({ accountId: IdText });
export type AttemptsResetQuery = v.InferOutput<typeof AttemptsResetQuery>;

/** What a sign-in action answers: what it ended or cleared. */
export const AccessState = v.object({ accountId: v.number(), sessionsEnded: v.number(), notified: v.boolean(), attemptsCleared: v.number() });
export type AccessState = v.InferOutput<typeof AccessState>;

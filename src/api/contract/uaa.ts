import * as v from 'valibot';
import { Envelope } from './envelope';
import { Msg } from '@/domain/messages';

/** POST /uaa/oauth/token, password grant (form body). */
export const PasswordGrant = v.object({
  grant_type: v.literal('password'),
  username: v.pipe(v.string(Msg.missingCredentials), v.trim(), v.minLength(1, Msg.missingCredentials), v.maxLength(200)),
  password: v.pipe(v.string(Msg.missingCredentials), v.minLength(1, Msg.missingCredentials), v.maxLength(200)),
  device_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
}, Msg.missingCredentials);

/** POST /uaa/oauth/token, refresh grant (form body). */
export const RefreshGrant = v.object({
  grant_type: v.literal('refresh_token'),
  refresh_token: v.pipe(v.string(Msg.badRefreshToken), v.minLength(1, Msg.badRefreshToken), v.maxLength(200)),
  device_id: v.optional(v.pipe(v.string(), v.maxLength(100))),
}, Msg.badRefreshToken);

export const TokenRequest = v.variant('grant_type', [PasswordGrant, RefreshGrant], Msg.badGrant);
export type TokenRequest = v.InferOutput<typeof TokenRequest>;

export const TokenResponse = v.object({
  access_token: v.string(),
  token_type: v.literal('bearer'),
  refresh_token: v.string(),
  expires_in: v.number(),
  scope: v.optional(v.string()),
});
export type TokenResponse = v.InferOutput<typeof TokenResponse>;

export const Permission = v.object({ name: v.string() });
export const Group = v.object({ name: v.string(), permissions: v.array(Permission) });
export type Group = v.InferOutput<typeof Group>;

/** GET /uaa/secured/data: the signed-in staff member. */
export const Profile = v.object({
  accountId: v.number(),
  username: v.string(),
  email: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  name: v.string(),
  groups: v.array(Group),
  /** This session's keys for the services that want one (UPG's api key, the SMS token); a session stored before they existed has none. */
  serviceKeys: v.optional(v.object({ apiKey: v.string(), smsToken: v.string() })),
});
export type Profile = v.InferOutput<typeof Profile>;
export type ServiceKeys = NonNullable<Profile['serviceKeys']>;
export const ProfileResponse = Envelope(Profile);

export const LogoutResponse = Envelope(v.object({ loggedOut: v.boolean() }));

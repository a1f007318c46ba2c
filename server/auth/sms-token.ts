import { ApiError } from '../http';
import type { ServerConfig } from '../config';
import type { Principal } from '../deps';
import { acceptsKey, sessionServiceKeys } from './service-keys';

/**
 * The SMS host authenticates the console by a token in the body (spec lists §7: "a fixed token and
 * data in the body"): the configured one or the session's own (compared in constant time), else 401.
 */
export function checkSmsToken(token: string, ctx: { config: Pick<ServerConfig, 'upgApiKey' | 'smsToken'>; principal: Pick<Principal, 'familyId'> }): void {
  if (!acceptsKey(token, ctx.config.smsToken, sessionServiceKeys(ctx.config, ctx.principal.familyId).smsToken)) {
    throw new ApiError(401, 'invalid_token', 'Token del servicio SMS inválido.');
  }
}

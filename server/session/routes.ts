import { inTransaction } from '../db/transaction';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ApiError, formBody, ok, parse } from '../http';
import { TokenRequest, type TokenResponse } from '@/api/contract/uaa';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { verifyPassword } from '../auth/passwords';
import { sameSecret, sessionServiceKeys } from '../auth/service-keys';
import { issueTokens, revokeFamily, spendRefreshToken } from '../auth/tokens';
import { releaseAllOf } from '../queue/claims';
import { claimAttempt, logSignIn, releaseClaim } from '../auth/throttle';
import { groupsOf } from './accounts';


const invalidGrant = (description: string) => new ApiError(400, 'invalid_grant', description);

/** The staff session: sign-in (OAuth password and refresh grants), sign-out and the profile. */
export function sessionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  app.post('/uaa/oauth/token', async (c) => {
    const basic = /^Basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const [clientId = '', clientSecret = ''] = basic?.[1] ? Buffer.from(basic[1], 'base64').toString('utf8').split(':') : [];
    // The console is a public client (a browser keeps no secret): its id alone, or with the
    // configured secret when a confidential caller presents one; a wrong secret is refused.
    if (!sameSecret(clientId, deps.config.oauthClientId) || (clientSecret !== '' && !sameSecret(clientSecret, deps.config.oauthClientSecret))) {
      throw new ApiError(401, 'invalid_client', Msg.badClient, { 'WWW-Authenticate': 'Basic realm="oauth"' });
    }
    const contentType = c.req.header('content-type') ?? '';
    if (!contentType.includes('application/x-www-form-urlencoded') && !contentType.includes('multipart/form-data')) {
      throw new ApiError(400, 'invalid_request', Msg.missingCredentials);
    }
    const form = await formBody(c);
    const request = parse(TokenRequest, form);
    const now = deps.clock.now();
    const answer = (tokens: { accessToken: string; refreshToken: string; expiresIn: number }) => {
      const body: TokenResponse = {
        access_token: tokens.accessToken,
        token_type: 'bearer',
        refresh_token: tokens.refreshToken,
        expires_in: tokens.expiresIn,
        scope: 'crm',
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    };

    if (request.grant_type === 'refresh_token') {
      const outcome = await spendRefreshToken(db, request.refresh_token, clientId, now);
      if (!outcome.ok) throw invalidGrant(Msg.badRefreshToken);
      const account = await db.selectFrom('accounts').select(['id', 'enabled']).where('id', '=', outcome.accountId).executeTakeFirst();
      if (!account || account.enabled !== 1) throw invalidGrant(Msg.accountDisabled);
      const tokens = await issueTokens(db, deps.config, {
        accountId: account.id,
        clientId,
        deviceId: request.device_id ?? outcome.deviceId,
        familyId: outcome.familyId,
        now,
      });
      return answer(tokens);
    }

    const username = request.username.toLowerCase();
    const subjects = { account: username, ip: c.get('clientIp') };
    const claim = await claimAttempt(deps.db, deps.config.throttle, subjects, now);
    if (!claim.allowed) {
      await logSignIn(db, 'signin.throttled', subjects, `Reintentar en ${claim.retryAfterSeconds} s`, now);
      throw new ApiError(429, 'too_many_attempts', Msg.tooManyAttempts(Math.ceil(claim.retryAfterSeconds / 60)), {
        'Retry-After': String(claim.retryAfterSeconds),
      });
    }
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'password_hash', 'enabled'])
      .where('username', '=', username)
      .executeTakeFirst();
    const valid = await verifyPassword(request.password, account?.password_hash ?? null);
    if (!account || !valid) {
      await logSignIn(db, 'signin.failed', subjects, account ? 'Contraseña incorrecta' : 'Usuario desconocido', now);
      throw invalidGrant(Msg.badCredentials);
    }
    await releaseClaim(db, claim, subjects);
    if (account.enabled !== 1) throw invalidGrant(Msg.accountDisabled);
    const groups = await groupsOf(db, account.id);
    if (!groups.some((g) => g.permissions.some((p) => p.name === Permission.LOGIN))) {
      throw new ApiError(403, 'access_denied', Msg.noConsoleAccess);
    }
    const tokens = await issueTokens(db, deps.config, { accountId: account.id, clientId, deviceId: request.device_id ?? null, now });
    return answer(tokens);
  });

  app.post('/uaa/secured/logout', async (c) => {
    const principal = c.get('principal');
    await inTransaction(deps.db, async (trx) => {
      await revokeFamily(trx, principal.familyId, deps.clock.now());
      // Whatever they were working on is free for the others at once.
      await releaseAllOf(trx, principal.accountId);
    });
    return ok(c, { loggedOut: true });
  });

  app.get('/uaa/secured/data', (c) => {
    const p = c.get('principal');
    return ok(c, {
      accountId: p.accountId,
      username: p.username,
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      name: p.name,
      groups: p.groups,
      serviceKeys: sessionServiceKeys(deps.config, p.familyId),
    });
  });

  return app;
}

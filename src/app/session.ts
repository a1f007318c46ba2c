import { createActor } from 'xstate';
import { sessionMachine } from '@/machines/session/session.machine';
import type { Services } from '@/api/services';
import { fraudConfigUrl } from '@/api/services';
import { getProfile, logout, refreshToken, requestToken } from '@/api/uaa';
import { getKycVerifications, getRiskList } from '@/api/orders';
import { getFraudConfig } from '@/api/fraud-config';
import { sessionImplementations, type SessionApi, type SessionEffectsDeps } from './session-effects';
import { deviceId, readStoredSession, type KeyValueStore } from '@/machines/session/session-store';

/** The session's calls bound to the real services. */
export function createSessionApi(services: Services, store: KeyValueStore): SessionApi {
  const device = () => deviceId(store);
  return {
    requestToken: (username, password) => requestToken(services.uaa, services.config, { username, password, deviceId: device() }),
    refreshToken: (token) => refreshToken(services.uaa, services.config, { refreshToken: token, deviceId: device() }),
    logout: () => logout(services.uaa),
    profile: () => getProfile(services.uaa),
    riskList: () => getRiskList(services.orders),
    kycVerifications: () => getKycVerifications(services.orders, services.config.companyId),
    fraudConfig: () => getFraudConfig(services.fraudConfig, fraudConfigUrl(services.config), services.config.fraudConfigClient),
  };
}

/** Creates and starts the session actor (signed out until told otherwise). */
export function createSession(deps: SessionEffectsDeps) {
  const actor = createActor(sessionMachine.provide(sessionImplementations(deps)));
  actor.start();
  return actor;
}

/**
 * Resumes the session stored on this device, if there is one. Apart from the start: the console's
 * boot gives the main thread back between the two, on a phone one long task together (issue 41 §3).
 */
export function resumeSession(actor: Pick<ReturnType<typeof createSession>, 'send'>, store: KeyValueStore) {
  const stored = readStoredSession(store);
  if (stored) actor.send({ type: 'session.resume', session: stored });
}

/** Creates and starts the session actor, resuming a stored session when there is one. */
export function startSession(deps: SessionEffectsDeps) {
  const actor = createSession(deps);
  resumeSession(actor, deps.store);
  return actor;
}

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

/** Creates and starts the session actor, resuming a stored session when there is one. */
export function startSession(deps: SessionEffectsDeps) {
  const actor = createActor(sessionMachine.provide(sessionImplementations(deps)));
  actor.start();
  const stored = readStoredSession(deps.store);
  if (stored) actor.send({ type: 'session.resume', session: stored });
  return actor;
}

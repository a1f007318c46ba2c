/**
 * The session chart's system under test: the host's real implementations with a scripted API and
 * storage, on a clock the test drives (tests/machines/session*.test.ts): by default one whose waits
 * run out one at a time by hand (`timers`), or XState's SimulatedClock when given.
 */
import { createActor, type SimulatedClock } from 'xstate';
import { sessionMachine, type StoredSession } from '@/machines/session/session.machine';
import { sessionImplementations, type SessionApi } from '@/app/session-effects';
import type { Profile, TokenResponse } from '@/api/contract/uaa';
import type { RiskList, KycVerifications } from '@/api/contract/orders';
import type { FraudConfig } from '@/api/contract/fraud-config';
import { deferred, ManualTimers, MemoryStore, type Deferred } from '../fakes';
import { INVALID_TOKEN_CLEAR_MS, POLL_INTERVAL_MS, SHELL_DATA_DELAY_MS } from '@/domain/session';
import { ApiError } from '@/api/http';
import { Msg } from '@/domain/messages';

export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
export const EXPIRES_IN = 1200;

export const adminProfile: Profile = {
  accountId: 1,
  username: 'admin',
  email: 'admin@consola.example',
  firstName: 'Ana',
  lastName: 'Administradora',
  name: 'Ana Administradora',
  groups: [{ name: 'CRM2_ADMIN', permissions: [{ name: 'CRM_LOGIN' }, { name: 'CRM_LECTOR' }, { name: 'CRM2_VIEW_ORDERS' }] }],
  serviceKeys: { apiKey: 'api-key-of-this-session', smsToken: 'sms-token-of-this-session' },
};
export const readerProfile: Profile = {
  ...adminProfile,
  accountId: 6,
  username: 'lector',
  groups: [{ name: 'CRM2_LECTOR', permissions: [{ name: 'CRM_LOGIN' }, { name: 'CRM2_VIEW_ORDERS' }] }],
};
export const tokenAnswer: TokenResponse = { access_token: 'access-1', refresh_token: 'refresh-1', expires_in: EXPIRES_IN, token_type: 'bearer' };
export const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: EXPIRES_IN };
export const riskAnswer: RiskList = {
  orders: [{ id: 7, accountId: 9, createdDate: '2026-11-22T10:00:00.000Z', status: 'RISK', totalPrice: 10, currency: 'USD', email: null, score: 0.9 }],
  totalElements: 1,
};
export const kycAnswer: KycVerifications = { elements: [], totalElements: 0 };
export const fraudAnswer: FraudConfig = { COUNTRIES_TO_STOP: ['VE'], TOPUP_COUNTRIES_TO_STOP: [], BANKS_TO_STOP: [] };
export const stored: StoredSession = { ...tokens, refreshAt: NOW + 60_000, profile: adminProfile };

export type Method = keyof SessionApi;

/** The session's calls, each answered by the test when the model says so. */
export class ScriptedApi implements SessionApi {
  readonly calls: Record<Method, Deferred<unknown>[]> = {
    requestToken: [],
    refreshToken: [],
    logout: [],
    profile: [],
    riskList: [],
    kycVerifications: [],
    fraudConfig: [],
  };
  private push<T>(method: Method): Promise<T> {
    const d = deferred<unknown>();
    this.calls[method].push(d);
    return d.promise as Promise<T>;
  }
  requestToken = () => this.push<TokenResponse>('requestToken');
  refreshToken = () => this.push<TokenResponse>('refreshToken');
  logout = () => this.push<void>('logout');
  profile = () => this.push<Profile>('profile');
  riskList = () => this.push<RiskList>('riskList');
  kycVerifications = () => this.push<KycVerifications>('kycVerifications');
  fraudConfig = () => this.push<FraudConfig>('fraudConfig');
  pending(method: Method) {
    return this.calls[method].filter((d) => !d.settled);
  }
  /** The newest unanswered call of a method: the model expects the SUT to have made it. */
  latest(method: Method): Deferred<unknown> {
    const open = this.pending(method);
    if (open.length === 0) throw new Error(`the session made no ${method} call`);
    return open[open.length - 1]!;
  }
}

/** How the server refuses a refresh token. */
export const refusedRefresh = new ApiError('api', Msg.badRefreshToken, 400, 'invalid_grant');

/** The refresh's wait, among the chart's waits (the others have fixed lengths). */
export const isRefreshDelay = (ms: number) => ms !== POLL_INTERVAL_MS && ms !== INVALID_TOKEN_CLEAR_MS && ms !== SHELL_DATA_DELAY_MS;

export function createSut(profile: Profile = adminProfile, clock?: SimulatedClock) {
  const api = new ScriptedApi();
  const store = new MemoryStore();
  const timers = new ManualTimers();
  const toasts: string[] = [];
  const navigations: string[] = [];
  const implementations = sessionImplementations({
    api,
    store,
    now: () => NOW,
    notifyError: (m) => toasts.push(m),
    goToSignIn: () => navigations.push('/auth/login-page'),
    log: () => {},
  });
  const actor = createActor(sessionMachine.provide(implementations), { clock: clock ?? timers });
  actor.start();
  return { api, store, timers, toasts, navigations, actor, profile };
}
export type Sut = ReturnType<typeof createSut>;

import { assign, setup } from 'xstate';
import type { Profile } from '@/api/contract/uaa';
import type { RiskOrder, KycVerification } from '@/api/contract/orders';
import type { FraudConfig } from '@/api/contract/fraud-config';
import { isEditor } from '@/domain/permissions';
import { refreshAt } from '@/domain/session';

/**
 * The staff session: sign-in, token refresh, the shell's periodic data, the invalid-token path
 * and sign-out. The chart is pure: every effect (HTTP call, timer, storage, toast, navigation)
 * is a named action the host provides (src/app/session-effects.ts), and the host reports each
 * outcome back as an event. That keeps the chart testable with xstate/graph and lets QA read
 * every effect off the chart.
 */

export interface Tokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives, as the server said. */
  expiresIn: number;
}

/** What survives a reload (local storage). */
export interface StoredSession extends Tokens {
  refreshAt: number;
  profile: Profile;
}

export interface SessionContext {
  accessToken: string | null;
  refreshToken: string | null;
  expiresIn: number | null;
  /** Epoch ms at which the host must report `refresh.due`. */
  refreshAt: number | null;
  /** A refresh happened since sign-in: later refreshes use the shorter margin. */
  refreshed: boolean;
  profile: Profile | null;
  /** The editor flag, derived at sign-in from CRM_LECTOR. */
  noEsLector: boolean;
  riskOrders: RiskOrder[];
  riskTotal: number;
  kycVerifications: KycVerification[];
  fraudConfig: FraudConfig | null;
  /** The last sign-in failure, shown on the form as the server said it. */
  error: string | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; username: string; password: string }
  | { type: 'session.resume'; session: StoredSession }
  | { type: 'token.received'; tokens: Tokens; receivedAt: number }
  | { type: 'token.rejected'; message: string }
  | { type: 'profile.loaded'; profile: Profile }
  | { type: 'profile.failed'; message: string }
  | { type: 'refresh.due' }
  | { type: 'refresh.failed'; retryAt: number }
  | { type: 'poll.due' }
  | { type: 'shellData.due' }
  | { type: 'risk.loaded'; orders: RiskOrder[]; total: number }
  | { type: 'kyc.loaded'; verifications: KycVerification[] }
  | { type: 'fraudConfig.loaded'; config: FraudConfig }
  | { type: 'data.settled' }
  | { type: 'fraudAlert.acknowledge' }
  | { type: 'session.invalidToken' }
  | { type: 'clear.due' }
  | { type: 'session.signOut' }
  | { type: 'logout.done' };

const emptyContext: SessionContext = {
  accessToken: null,
  refreshToken: null,
  expiresIn: null,
  refreshAt: null,
  refreshed: false,
  profile: null,
  noEsLector: false,
  riskOrders: [],
  riskTotal: 0,
  kycVerifications: [],
  fraudConfig: null,
  error: null,
};

/** Named effects. The defaults do nothing so the chart runs pure; the host provides them. */
const effects = {
  requestToken: (_: unknown, _params: { username: string; password: string }) => {},
  loadProfile: () => {},
  storeSession: () => {},
  clearSession: () => {},
  scheduleRefresh: () => {},
  cancelRefresh: () => {},
  requestRefresh: () => {},
  loadShellData: (_: unknown, _params: { withFraudConfig: boolean }) => {},
  scheduleShellData: () => {},
  cancelShellData: () => {},
  schedulePoll: () => {},
  cancelPoll: () => {},
  notifyInvalidToken: () => {},
  scheduleClear: () => {},
  cancelClear: () => {},
  requestLogout: () => {},
  goToSignIn: () => {},
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    ...effects,
    assignTokens: assign(({ event }, params: { afterRefresh: boolean }) => {
      if (event.type !== 'token.received') return {};
      const { tokens, receivedAt } = event;
      return {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresIn: tokens.expiresIn,
        refreshAt: refreshAt(receivedAt, tokens.expiresIn, params.afterRefresh),
        refreshed: params.afterRefresh,
      };
    }),
    assignProfile: assign(({ event }) => {
      if (event.type !== 'profile.loaded') return {};
      return { profile: event.profile, noEsLector: isEditor(event.profile.groups) };
    }),
    assignResumed: assign(({ event }) => {
      if (event.type !== 'session.resume') return {};
      const { session } = event;
      return {
        ...emptyContext,
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        expiresIn: session.expiresIn,
        refreshAt: session.refreshAt,
        refreshed: true,
        profile: session.profile,
        noEsLector: isEditor(session.profile.groups),
      };
    }),
    assignRetry: assign(({ event }) => (event.type === 'refresh.failed' ? { refreshAt: event.retryAt } : {})),
    assignRisk: assign(({ event }) =>
      event.type === 'risk.loaded' ? { riskOrders: event.orders, riskTotal: event.total } : {},
    ),
    assignKyc: assign(({ event }) => (event.type === 'kyc.loaded' ? { kycVerifications: event.verifications } : {})),
    assignFraudConfig: assign(({ event }) => (event.type === 'fraudConfig.loaded' ? { fraudConfig: event.config } : {})),
    assignError: assign(({ event }) => {
      if (event.type === 'token.rejected' || event.type === 'profile.failed') return { error: event.message };
      return {};
    }),
    reset: assign(() => emptyContext),
    resetKeepingError: assign(({ context }) => ({ ...emptyContext, error: context.error })),
  },
  guards: {
    credentialsPresent: ({ event }) =>
      event.type === 'session.signIn' && event.username.trim() !== '' && event.password !== '',
  },
}).createMachine({
  id: 'session',
  context: emptyContext,
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'session.signIn': {
          guard: 'credentialsPresent',
          target: 'signingIn',
          actions: assign({ error: null }),
        },
        'session.resume': { target: '#session.signedIn.alert.dismissed', actions: 'assignResumed' },
      },
    },
    signingIn: {
      entry: {
        type: 'requestToken',
        params: ({ event }) =>
          event.type === 'session.signIn'
            ? { username: event.username.trim(), password: event.password }
            : { username: '', password: '' },
      },
      on: {
        'token.received': {
          target: 'loadingProfile',
          actions: { type: 'assignTokens', params: { afterRefresh: false } },
        },
        'token.rejected': { target: 'signedOut', actions: 'assignError' },
      },
    },
    loadingProfile: {
      entry: 'loadProfile',
      on: {
        'profile.loaded': { target: 'signedIn', actions: ['assignProfile', 'storeSession'] },
        'profile.failed': { target: 'signedOut', actions: ['assignError', 'clearSession', 'resetKeepingError'] },
        'session.invalidToken': { target: 'invalidToken' },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'risk.loaded': { actions: 'assignRisk' },
        'kyc.loaded': { actions: 'assignKyc' },
        'fraudConfig.loaded': { actions: 'assignFraudConfig' },
        'profile.loaded': { actions: ['assignProfile', 'storeSession'] },
        'session.invalidToken': { target: 'invalidToken' },
        'session.signOut': { target: 'signingOut' },
      },
      states: {
        token: {
          initial: 'fresh',
          states: {
            fresh: {
              entry: 'scheduleRefresh',
              exit: 'cancelRefresh',
              on: { 'refresh.due': { target: 'refreshing' } },
            },
            refreshing: {
              entry: 'requestRefresh',
              on: {
                'token.received': {
                  target: 'fresh',
                  actions: [{ type: 'assignTokens', params: { afterRefresh: true } }, 'storeSession'],
                },
                'refresh.failed': { target: 'fresh', actions: 'assignRetry' },
              },
            },
          },
        },
        data: {
          // The bell, the KYC counter, the fraud alert and the profile's re-read wait until the page has
          // been painted (the shell says so when the browser is next idle; SHELL_DATA_DELAY_MS at the
          // latest): the page's own first reads go first on a slow line (issue 26).
          initial: 'deferred',
          states: {
            deferred: {
              entry: 'scheduleShellData',
              exit: 'cancelShellData',
              on: { 'shellData.due': { target: 'loading' } },
            },
            loading: {
              entry: {
                type: 'loadShellData',
                params: ({ context }) => ({ withFraudConfig: context.fraudConfig === null }),
              },
              on: { 'data.settled': { target: 'idle' } },
            },
            idle: {
              entry: 'schedulePoll',
              exit: 'cancelPoll',
              on: { 'poll.due': { target: 'loading' } },
            },
          },
        },
        alert: {
          initial: 'showing',
          states: {
            showing: { on: { 'fraudAlert.acknowledge': { target: 'dismissed' } } },
            dismissed: {},
          },
        },
      },
    },
    invalidToken: {
      entry: ['notifyInvalidToken', 'scheduleClear'],
      exit: 'cancelClear',
      on: {
        'clear.due': { target: 'signedOut', actions: ['clearSession', 'reset', 'goToSignIn'] },
        // Opening the sign-in page meanwhile: the token is already worthless, so no logout call.
        'session.signOut': { target: 'signedOut', actions: ['clearSession', 'reset'] },
      },
    },
    signingOut: {
      entry: 'requestLogout',
      on: {
        'logout.done': { target: 'signedOut', actions: ['clearSession', 'reset'] },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

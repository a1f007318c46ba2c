import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Profile } from '@/api/contract/uaa';
import type { RiskOrder, KycVerification } from '@/api/contract/orders';
import type { FraudConfig } from '@/api/contract/fraud-config';
import { isEditor } from '@/domain/permissions';
import { INVALID_TOKEN_CLEAR_MS, POLL_INTERVAL_MS, refreshAt, SHELL_DATA_DELAY_MS } from '@/domain/session';
import { messageOf } from '@/machines/ui/action-flow.machine';

/**
 * The staff session: sign-in, token refresh, the shell's periodic data, the invalid-token path
 * and sign-out. The chart owns its waits (`after`: the refresh, the shell's data, the 40-minute
 * poll, the invalid token's clear) and its calls (invoked actors: leaving a state stops its call,
 * so an answer for a session that already ended is never heard). The host provides the calls, the
 * clock, how the server refuses a token and the other effects (storage, toast, navigation, log)
 * through `.provide()`
 * (src/app/session-effects.ts); the defaults here never answer and do nothing, so the chart runs
 * pure under xstate/graph and lets QA read every effect off the chart.
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
  /** Epoch ms at which the token is refreshed (`fresh` waits until then). */
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

/** A token request's or a refresh's answer: the tokens, and when they came (on the host's clock). */
export interface TokenAnswer {
  tokens: Tokens;
  receivedAt: number;
}

export interface Credentials {
  username: string;
  password: string;
}

/** The bell's read: the orders waiting for the risk review, the newest first, and how many wait in all. */
export interface RiskAnswer {
  orders: RiskOrder[];
  total: number;
}

/** What the shell's data read needs: the groups (only who sees orders reads the risk list and KYC), and whether the fraud alert's config is still missing. */
export interface ShellDataInput {
  groups: Profile['groups'];
  withFraudConfig: boolean;
}

export type SessionEvent =
  | { type: 'session.signIn'; username: string; password: string }
  | { type: 'session.resume'; session: StoredSession }
  /** The shell's page is painted (its idle callback): its own data may come before SHELL_DATA_DELAY_MS. */
  | { type: 'shellData.due' }
  // The shell's data read (`loadShellData`) tells each answer as it comes, then that all are in.
  | { type: 'profile.loaded'; profile: Profile }
  | { type: 'risk.loaded'; orders: RiskOrder[]; total: number }
  | { type: 'kyc.loaded'; verifications: KycVerification[] }
  | { type: 'fraudConfig.loaded'; config: FraudConfig }
  | { type: 'data.settled' }
  /** The person decided on orders of the risk review (Cola de Riesgo): the bell reads its count again. */
  | { type: 'risk.changed' }
  | { type: 'fraudAlert.acknowledge' }
  /** The HTTP client met a 401 (it says so before the call rejects). */
  | { type: 'session.invalidToken' }
  | { type: 'session.signOut' };

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

/** A refresh that failed (the server did not refuse the token) is tried again this much later. */
export const REFRESH_RETRY_MS = 60_000;

/**
 * The chart's readings of the clock, on a given clock: the wait until the context's `refreshAt`
 * (none when it has passed), and the next try a minute after a failed refresh. The chart runs on
 * the real clock; the host provides its own `now` through `.provide(sessionClock(now))`.
 */
export function sessionClock(now: () => number) {
  return {
    delays: {
      refreshDelay: ({ context }: { context: SessionContext }) => Math.max(0, (context.refreshAt ?? now()) - now()),
    },
    actions: {
      assignRetry: assign<SessionContext, SessionEvent, undefined, SessionEvent, never>(() => ({ refreshAt: now() + REFRESH_RETRY_MS })),
    },
  };
}

/** A call of the host's that, by itself, never answers. */
const unanswered = <T>() => new Promise<T>(() => {});
const realClock = sessionClock(() => Date.now());

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** The host's calls (src/app/session-effects.ts); leaving the state that invoked one stops it. */
    requestToken: fromPromise<TokenAnswer, Credentials>(() => unanswered()),
    loadProfile: fromPromise<Profile>(() => unanswered()),
    requestRefresh: fromPromise<TokenAnswer, { refreshToken: string }>(() => unanswered()),
    /** Tells `profile.loaded`, `risk.loaded`, `kyc.loaded`, `fraudConfig.loaded` as each answer comes, then `data.settled`. */
    loadShellData: fromCallback<SessionEvent, ShellDataInput>(() => {}),
    /** The bell's read alone (after a decision); a failure is only logged, the bell keeps its count. */
    loadRisk: fromPromise<RiskAnswer>(() => unanswered()),
    /** Ends however the server answers (a failure is only logged by the chart). */
    requestLogout: fromPromise<void>(() => unanswered()),
  },
  delays: {
    ...realClock.delays,
    shellDataDelay: SHELL_DATA_DELAY_MS,
    pollInterval: POLL_INTERVAL_MS,
    clearDelay: INVALID_TOKEN_CLEAR_MS,
  },
  actions: {
    // The host's effects: storage, the toast, navigation, the log.
    storeSession: () => {},
    clearSession: () => {},
    notifyInvalidToken: () => {},
    goToSignIn: () => {},
    log: (_, _params: { message: string; error: unknown }) => {},
    ...realClock.actions,
    assignTokens: assign((_, params: { answer: TokenAnswer; afterRefresh: boolean }) => {
      const { tokens, receivedAt } = params.answer;
      return {
        accessToken: tokens.accessToken,
        refreshToken: tokens.refreshToken,
        expiresIn: tokens.expiresIn,
        refreshAt: refreshAt(receivedAt, tokens.expiresIn, params.afterRefresh),
        refreshed: params.afterRefresh,
      };
    }),
    assignProfile: assign((_, params: { profile: Profile }) => ({ profile: params.profile, noEsLector: isEditor(params.profile.groups) })),
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
    assignRisk: assign((_, params: RiskAnswer) => ({ riskOrders: params.orders, riskTotal: params.total })),
    assignKyc: assign(({ event }) => (event.type === 'kyc.loaded' ? { kycVerifications: event.verifications } : {})),
    assignFraudConfig: assign(({ event }) => (event.type === 'fraudConfig.loaded' ? { fraudConfig: event.config } : {})),
    /** The failure shown on the form, as the server said it. */
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    reset: assign(() => emptyContext),
    resetKeepingError: assign(({ context }) => ({ ...emptyContext, error: context.error })),
  },
  guards: {
    credentialsPresent: ({ event }) =>
      event.type === 'session.signIn' && event.username.trim() !== '' && event.password !== '',
    /** The server refused the refresh token, the session is over (the host knows how the server says so). */
    refused: (_, _params: { error: unknown }) => false,
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
      invoke: {
        id: 'requestToken',
        src: 'requestToken',
        input: ({ event }) =>
          event.type === 'session.signIn' ? { username: event.username.trim(), password: event.password } : { username: '', password: '' },
        onDone: {
          target: 'loadingProfile',
          actions: { type: 'assignTokens', params: ({ event }) => ({ answer: event.output, afterRefresh: false }) },
        },
        onError: { target: 'signedOut', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadingProfile: {
      // A 401 reaches the chart first through the client's hook (`session.invalidToken`): the state is
      // left and the call stopped, so its error is never heard here.
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'assignProfile', params: ({ event }) => ({ profile: event.output }) }, 'storeSession'],
        },
        onError: {
          target: 'signedOut',
          actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'clearSession', 'resetKeepingError'],
        },
      },
      on: {
        'session.invalidToken': { target: 'invalidToken' },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'risk.loaded': { actions: { type: 'assignRisk', params: ({ event }) => event } },
        'kyc.loaded': { actions: 'assignKyc' },
        'fraudConfig.loaded': { actions: 'assignFraudConfig' },
        'profile.loaded': { actions: [{ type: 'assignProfile', params: ({ event }) => ({ profile: event.profile }) }, 'storeSession'] },
        'session.invalidToken': { target: 'invalidToken' },
        'session.signOut': { target: 'signingOut' },
      },
      states: {
        token: {
          initial: 'fresh',
          states: {
            fresh: {
              after: { refreshDelay: { target: 'refreshing' } },
            },
            refreshing: {
              invoke: {
                id: 'requestRefresh',
        src: 'requestRefresh',
                input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
                onDone: {
                  target: 'fresh',
                  actions: [{ type: 'assignTokens', params: ({ event }) => ({ answer: event.output, afterRefresh: true }) }, 'storeSession'],
                },
                onError: [
                  { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: '#session.invalidToken' },
                  {
                    target: 'fresh',
                    actions: [{ type: 'log', params: ({ event }) => ({ message: 'No se pudo renovar el token', error: event.error }) }, 'assignRetry'],
                  },
                ],
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
              after: { shellDataDelay: { target: 'loading' } },
              on: { 'shellData.due': { target: 'loading' } },
            },
            loading: {
              invoke: {
                id: 'loadShellData',
        src: 'loadShellData',
                input: ({ context }) => ({ groups: context.profile?.groups ?? [], withFraudConfig: context.fraudConfig === null }),
              },
              on: {
                'data.settled': { target: 'idle' },
                // A decision while the shell's read is on its way: the bell's answer may be from before it, read again.
                'risk.changed': { target: 'loading', reenter: true },
              },
            },
            idle: {
              after: { pollInterval: { target: 'loading' } },
              on: { 'risk.changed': { target: 'readingBell' } },
            },
            // After a decision the bell alone reads again, so it counts what the queue counts; the next
            // poll is POLL_INTERVAL_MS after it. (Deferred, the shell's first read is still to come.)
            readingBell: {
              invoke: {
                id: 'loadRisk',
                src: 'loadRisk',
                onDone: { target: 'idle', actions: { type: 'assignRisk', params: ({ event }) => event.output } },
                onError: { target: 'idle', actions: { type: 'log', params: ({ event }) => ({ message: 'No se pudo cargar las órdenes en riesgo', error: event.error }) } },
              },
              on: { 'risk.changed': { target: 'readingBell', reenter: true } },
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
      entry: 'notifyInvalidToken',
      after: { clearDelay: { target: 'signedOut', actions: ['clearSession', 'reset', 'goToSignIn'] } },
      on: {
        // Opening the sign-in page meanwhile: the token is already worthless, so no logout call.
        'session.signOut': { target: 'signedOut', actions: ['clearSession', 'reset'] },
      },
    },
    signingOut: {
      // Signing out never depends on the network: whatever the answer, the session ends.
      invoke: {
        id: 'requestLogout',
        src: 'requestLogout',
        onDone: { target: 'signedOut', actions: ['clearSession', 'reset'] },
        onError: {
          target: 'signedOut',
          actions: [{ type: 'log', params: ({ event }) => ({ message: 'El cierre de sesión no llegó al servidor', error: event.error }) }, 'clearSession', 'reset'],
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

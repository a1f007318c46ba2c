import type { RiskList, KycVerifications } from '@/api/contract/orders';
import type { FraudConfig } from '@/api/contract/fraud-config';
import type { Profile, TokenResponse } from '@/api/contract/uaa';
import { isApiError, errorMessage } from '@/api/http';
import { hasPermission, Permission } from '@/domain/permissions';
import { INVALID_TOKEN_CLEAR_MS, POLL_INTERVAL_MS, SHELL_DATA_DELAY_MS } from '@/domain/session';
import { Msg } from '@/domain/messages';
import type { SessionContext, SessionEvent } from '@/machines/session/session.machine';
import { clearStoredSession, writeStoredSession, type KeyValueStore } from '@/machines/session/session-store';

/** The calls the session needs, as plain functions (the real ones wrap src/api). */
export interface SessionApi {
  requestToken(username: string, password: string): Promise<TokenResponse>;
  refreshToken(refreshToken: string): Promise<TokenResponse>;
  logout(): Promise<void>;
  profile(): Promise<Profile>;
  riskList(): Promise<RiskList>;
  kycVerifications(): Promise<KycVerifications>;
  fraudConfig(): Promise<FraudConfig>;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionEffectsDeps {
  api: SessionApi;
  store: KeyValueStore;
  timers: Timers;
  now(): number;
  /** Shows an error toast. */
  notifyError(message: string): void;
  /** Takes the user to the sign-in page. */
  goToSignIn(): void;
  /** Failures the spec says are only logged (the shell's background data). */
  log(message: string, error: unknown): void;
}

type Self = { send(event: SessionEvent): void };
type Args = { context: SessionContext; self: Self };

/** If the token is refused while refreshing, try again in a minute unless the server says it is dead. */
const REFRESH_RETRY_MS = 60_000;

/**
 * The implementations of the session chart's named effects. Every outcome goes back to the
 * chart as an event. Answers that arrive after the session they belong to has ended are
 * dropped (the epoch moves on every sign-in and every clear).
 */
export function createSessionEffects(deps: SessionEffectsDeps) {
  const timers: { refresh?: unknown; poll?: unknown; clear?: unknown; shellData?: unknown } = {};
  let epoch = 0;
  const guard = (self: Self) => {
    const mine = epoch;
    return (event: SessionEvent) => {
      if (mine === epoch) self.send(event);
    };
  };
  const stop = (name: keyof typeof timers) => {
    if (timers[name] !== undefined) deps.timers.clearTimeout(timers[name]);
    timers[name] = undefined;
  };
  const tokens = (t: TokenResponse) => ({ accessToken: t.access_token, refreshToken: t.refresh_token, expiresIn: t.expires_in });

  return {
    requestToken: ({ self }: Args, params: { username: string; password: string }) => {
      epoch++;
      const send = guard(self);
      deps.api.requestToken(params.username, params.password).then(
        (t) => send({ type: 'token.received', tokens: tokens(t), receivedAt: deps.now() }),
        (error: unknown) => send({ type: 'token.rejected', message: errorMessage(error) }),
      );
    },
    loadProfile: ({ self }: Args) => {
      const send = guard(self);
      deps.api.profile().then(
        (profile) => send({ type: 'profile.loaded', profile }),
        (error: unknown) => {
          // An invalid token already reached the chart through the client's hook.
          if (!(isApiError(error) && error.kind === 'invalid_token')) send({ type: 'profile.failed', message: errorMessage(error) });
        },
      );
    },
    storeSession: ({ context }: Args) => {
      if (!context.accessToken || !context.refreshToken || context.expiresIn === null || context.refreshAt === null || !context.profile) return;
      writeStoredSession(deps.store, {
        accessToken: context.accessToken,
        refreshToken: context.refreshToken,
        expiresIn: context.expiresIn,
        refreshAt: context.refreshAt,
        profile: context.profile,
        noEsLector: context.noEsLector,
      });
    },
    clearSession: () => {
      epoch++;
      stop('refresh');
      stop('poll');
      clearStoredSession(deps.store);
    },
    scheduleRefresh: ({ context, self }: Args) => {
      stop('refresh');
      const delay = Math.max(0, (context.refreshAt ?? deps.now()) - deps.now());
      timers.refresh = deps.timers.setTimeout(() => self.send({ type: 'refresh.due' }), delay);
    },
    cancelRefresh: () => stop('refresh'),
    requestRefresh: ({ context, self }: Args) => {
      const send = guard(self);
      deps.api.refreshToken(context.refreshToken ?? '').then(
        (t) => send({ type: 'token.received', tokens: tokens(t), receivedAt: deps.now() }),
        (error: unknown) => {
          if (isApiError(error) && (error.kind === 'invalid_token' || error.code === 'invalid_grant')) {
            send({ type: 'session.invalidToken' });
          } else {
            deps.log('No se pudo renovar el token', error);
            send({ type: 'refresh.failed', retryAt: deps.now() + REFRESH_RETRY_MS });
          }
        },
      );
    },
    loadShellData: ({ context, self }: Args, params: { withFraudConfig: boolean }) => {
      const send = guard(self);
      const groups = context.profile?.groups ?? [];
      const seesOrders = hasPermission(groups, Permission.VIEW_ORDERS);
      const quietly = (what: string) => (error: unknown) => deps.log(`No se pudo cargar ${what}`, error);
      const loads: Promise<unknown>[] = [
        deps.api.profile().then((profile) => send({ type: 'profile.loaded', profile }), quietly('el perfil')),
      ];
      if (seesOrders) {
        loads.push(
          deps.api.riskList().then((r) => send({ type: 'risk.loaded', orders: r.orders, total: r.totalElements }), quietly('las órdenes en riesgo')),
          deps.api.kycVerifications().then((k) => send({ type: 'kyc.loaded', verifications: k.elements }), quietly('las verificaciones KYC')),
        );
      }
      if (params.withFraudConfig) {
        loads.push(deps.api.fraudConfig().then((config) => send({ type: 'fraudConfig.loaded', config }), quietly('las alertas de fraude')));
      }
      void Promise.allSettled(loads).then(() => send({ type: 'data.settled' }));
    },
    scheduleShellData: ({ self }: Args) => {
      stop('shellData');
      timers.shellData = deps.timers.setTimeout(() => self.send({ type: 'shellData.due' }), SHELL_DATA_DELAY_MS);
    },
    cancelShellData: () => stop('shellData'),
    schedulePoll: ({ self }: Args) => {
      stop('poll');
      timers.poll = deps.timers.setTimeout(() => self.send({ type: 'poll.due' }), POLL_INTERVAL_MS);
    },
    cancelPoll: () => stop('poll'),
    notifyInvalidToken: () => deps.notifyError(Msg.invalidToken),
    scheduleClear: ({ self }: Args) => {
      stop('clear');
      timers.clear = deps.timers.setTimeout(() => self.send({ type: 'clear.due' }), INVALID_TOKEN_CLEAR_MS);
    },
    cancelClear: () => stop('clear'),
    requestLogout: ({ context, self }: Args) => {
      if (!context.accessToken) {
        self.send({ type: 'logout.done' });
        return;
      }
      // Signing out never waits on the network: whatever the answer, the session ends.
      deps.api.logout().then(
        () => self.send({ type: 'logout.done' }),
        (error: unknown) => {
          deps.log('El cierre de sesión no llegó al servidor', error);
          self.send({ type: 'logout.done' });
        },
      );
    },
    goToSignIn: () => deps.goToSignIn(),
  };
}

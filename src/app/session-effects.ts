import { fromCallback, fromPromise } from 'xstate';
import type { RiskList, KycVerifications } from '@/api/contract/orders';
import type { FraudConfig } from '@/api/contract/fraud-config';
import type { Profile, TokenResponse } from '@/api/contract/uaa';
import { isApiError } from '@/api/http';
import { hasPermission, Permission } from '@/domain/permissions';
import { Msg } from '@/domain/messages';
import { sessionClock, type Credentials, type RiskAnswer, type SessionContext, type SessionEvent, type ShellDataInput, type TokenAnswer } from '@/machines/session/session.machine';
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

export interface SessionEffectsDeps {
  api: SessionApi;
  store: KeyValueStore;
  now(): number;
  /** Shows an error toast. */
  notifyError(message: string): void;
  /** Takes the user to the sign-in page. */
  goToSignIn(): void;
  /** Failures the spec says are only logged (the shell's background data, a failed refresh or sign-out). */
  log(message: string, error: unknown): void;
}

/** The risk list as the bell holds it. */
const riskAnswer = (list: RiskList): RiskAnswer => ({ orders: list.orders, total: list.totalElements });

/** How the server refuses a token: the session chart's guards on the API's errors. */
export const sessionGuards = {
  refused: (_: unknown, params: { error: unknown }) =>
    isApiError(params.error) && (params.error.kind === 'invalid_token' || params.error.code === 'invalid_grant'),
};

/**
 * The session chart's calls, clock, refusal and effects on the host's dependencies, for
 * `sessionMachine.provide()`. The waits and the calls' lifetimes are the chart's (`after`, invoked
 * actors): an answer that comes after its state was left is never heard.
 */
export function sessionImplementations(deps: SessionEffectsDeps) {
  const answer = (t: TokenResponse): TokenAnswer => ({
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, expiresIn: t.expires_in },
    receivedAt: deps.now(),
  });
  const clock = sessionClock(deps.now);

  return {
    actors: {
      requestToken: fromPromise<TokenAnswer, Credentials>(async ({ input }) => answer(await deps.api.requestToken(input.username, input.password))),
      loadProfile: fromPromise<Profile>(() => deps.api.profile()),
      requestRefresh: fromPromise<TokenAnswer, { refreshToken: string }>(async ({ input }) => answer(await deps.api.refreshToken(input.refreshToken))),
      loadShellData: fromCallback<SessionEvent, ShellDataInput>(({ input, sendBack }) => {
        const seesOrders = hasPermission(input.groups, Permission.VIEW_ORDERS);
        const quietly = (what: string) => (error: unknown) => deps.log(`No se pudo cargar ${what}`, error);
        const loads: Promise<unknown>[] = [
          deps.api.profile().then((profile) => sendBack({ type: 'profile.loaded', profile }), quietly('el perfil')),
        ];
        if (seesOrders) {
          loads.push(
            deps.api.riskList().then((r) => sendBack({ type: 'risk.loaded', ...riskAnswer(r) }), quietly('las órdenes en riesgo')),
            deps.api.kycVerifications().then((k) => sendBack({ type: 'kyc.loaded', verifications: k.elements }), quietly('las verificaciones KYC')),
          );
        }
        if (input.withFraudConfig) {
          loads.push(deps.api.fraudConfig().then((config) => sendBack({ type: 'fraudConfig.loaded', config }), quietly('las alertas de fraude')));
        }
        // Once stopped (the session ended), the actor's answers are no longer heard.
        void Promise.allSettled(loads).then(() => sendBack({ type: 'data.settled' }));
      }),
      loadRisk: fromPromise<RiskAnswer>(async () => riskAnswer(await deps.api.riskList())),
      requestLogout: fromPromise<void>(() => deps.api.logout()),
    },
    delays: clock.delays,
    guards: sessionGuards,
    actions: {
      ...clock.actions,
      storeSession: ({ context }: { context: SessionContext }) => {
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
      clearSession: () => clearStoredSession(deps.store),
      notifyInvalidToken: () => deps.notifyError(Msg.invalidToken),
      goToSignIn: () => deps.goToSignIn(),
      log: (_: unknown, params: { message: string; error: unknown }) => deps.log(params.message, params.error),
    },
  };
}

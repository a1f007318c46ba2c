import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { invokingTestModel } from '../support/invoking-model';
import { sessionMachine, type SessionEvent } from '@/machines/session/session.machine';
import { sessionGuards } from '@/app/session-effects';
import { readStoredSession, writeStoredSession } from '@/machines/session/session-store';
import { ApiError } from '@/api/http';
import { INVALID_TOKEN_CLEAR_MS, POLL_INTERVAL_MS, SHELL_DATA_DELAY_MS, StorageKey } from '@/domain/session';
import { Msg } from '@/domain/messages';
import { flush } from '../support/fakes';
import { describePath, itCoversTheChart } from '../support/machine-coverage';
import { adminProfile, createSut, EXPIRES_IN, fraudAnswer, isRefreshDelay, kycAnswer, NOW, refusedRefresh, riskAnswer, stored, tokenAnswer, tokens, type Method, type Sut } from '../support/lifecycles/session-sut';

/** The chart's waits, as the events of their `after` transitions. */
const due = (delay: string, state: string) => `xstate.after.${delay}.session.${state}`;
const REFRESH_DUE = due('refreshDelay', 'signedIn.token.fresh');
const SHELL_DATA_DUE = due('shellDataDelay', 'signedIn.data.deferred');
const POLL_DUE = due('pollInterval', 'signedIn.data.idle');
const CLEAR_DUE = due('clearDelay', 'invalidToken');

/** The person's events, the client's, the chart's waits running out and its calls' answers (their done and error events). */
const modelEvents = [
  { type: 'session.signIn', username: 'admin', password: 'demo1234' },
  { type: 'session.signIn', username: '   ', password: 'demo1234' },
  { type: 'session.resume', session: stored },
  { type: 'xstate.done.actor.requestToken', output: { tokens, receivedAt: NOW } },
  { type: 'xstate.error.actor.requestToken', error: new ApiError('api', Msg.badCredentials, 400, 'invalid_grant') },
  { type: 'xstate.done.actor.loadProfile', output: adminProfile },
  { type: 'xstate.error.actor.loadProfile', error: new ApiError('api', 'Error interno del servidor.', 500) },
  { type: REFRESH_DUE },
  { type: 'xstate.done.actor.requestRefresh', output: { tokens, receivedAt: NOW } },
  { type: 'xstate.error.actor.requestRefresh', error: refusedRefresh },
  { type: 'xstate.error.actor.requestRefresh', error: new ApiError('network', Msg.networkFailure) },
  { type: POLL_DUE },
  { type: SHELL_DATA_DUE },
  { type: 'shellData.due' },
  { type: 'profile.loaded', profile: adminProfile },
  { type: 'risk.loaded', orders: riskAnswer.orders, total: 1 },
  { type: 'kyc.loaded', verifications: [] },
  { type: 'fraudConfig.loaded', config: fraudAnswer },
  { type: 'data.settled' },
  { type: 'risk.changed' },
  { type: 'xstate.done.actor.loadRisk', output: { orders: riskAnswer.orders, total: 1 } },
  { type: 'xstate.error.actor.loadRisk', error: new ApiError('network', Msg.networkFailure) },
  { type: 'fraudAlert.acknowledge' },
  { type: 'session.invalidToken' },
  { type: CLEAR_DUE },
  { type: 'session.signOut' },
  { type: 'xstate.done.actor.requestLogout' },
  { type: 'xstate.error.actor.requestLogout', error: new ApiError('network', Msg.networkFailure) },
] as unknown as EventObject[];

const chart = sessionMachine.provide({ guards: sessionGuards }); // as the console runs it: a refused refresh told as the host tells it
type Snap = SnapshotFrom<typeof sessionMachine>;
const SHELL_DATA = new Set(['profile.loaded', 'risk.loaded', 'kyc.loaded', 'fraudConfig.loaded']);

const modelOptions = {
  events: modelEvents,
  // The shell's answers only arrive while the shell is loading them.
  filterEvents: (snapshot: Snap, event: EventObject) => !SHELL_DATA.has(event.type) || snapshot.matches({ signedIn: { data: 'loading' } }),
};

/**
 * Shortest paths over a graph with a vertex per (state, incoming transition): together they take
 * every transition, including those that lead back to a state already seen.
 */
const transitionModel = invokingTestModel(chart, {
  ...modelOptions,
  serializeState: (snapshot: Snap, event: EventObject | undefined, previous?: Snap) =>
    `${JSON.stringify(snapshot.value)}|${event?.type ?? ''}|${previous ? JSON.stringify(previous.value) : ''}`,
});

/** Leads where another event from the same state does (the transition paths take it; the simple paths only the other). */
const sameAsAnother = (event: EventObject) =>
  event.type === SHELL_DATA_DUE ||
  event.type === 'xstate.error.actor.requestLogout' ||
  event.type === 'xstate.error.actor.loadRisk' ||
  (event.type === 'xstate.error.actor.requestRefresh' && (event as EventObject & { error: unknown }).error !== refusedRefresh);

/**
 * The bell's read after a decision runs beside the token and the alert without touching them: the
 * simple paths take it from one of their states only (the transition paths take it from all).
 */
const bellBeside = (snapshot: Snap, event: EventObject) => event.type === 'risk.changed' && !snapshot.matches({ signedIn: { token: 'fresh', alert: 'showing' } });

/** Simple paths over the states themselves (context left out so the graph stays finite). */
const stateModel = invokingTestModel(chart, {
  ...modelOptions,
  filterEvents: (snapshot: Snap, event: EventObject) => !sameAsAnother(event) && !bellBeside(snapshot, event) && modelOptions.filterEvents(snapshot, event),
  serializeState: (snapshot: Snap) => JSON.stringify(snapshot.value),
});

/** Each model event performed the way it happens in the running console. */
function executors(sut: Sut) {
  const answer = async (method: Method, value: unknown) => {
    sut.api.latest(method).resolve(value);
    await flush();
  };
  const fail = async (method: Method, error: unknown) => {
    sut.api.latest(method).reject(error);
    await flush();
  };
  const send = async (event: SessionEvent) => {
    sut.actor.send(event);
    await flush();
  };
  /** One of the chart's waits runs out on its clock. */
  const wait = (predicate: (ms: number) => boolean, what: string) => async () => {
    sut.timers.fire(predicate, what);
    await flush();
  };
  return {
    'session.signIn': ({ event }: { event: SessionEvent }) => send(event),
    'session.resume': async () => {
      // As at boot: what is in storage is read back and resumed.
      writeStoredSession(sut.store, { ...stored, noEsLector: true });
      const session = readStoredSession(sut.store);
      expect(session).not.toBeNull();
      await send({ type: 'session.resume', session: session! });
    },
    'xstate.done.actor.requestToken': () => answer('requestToken', tokenAnswer),
    'xstate.error.actor.requestToken': () => fail('requestToken', new ApiError('api', Msg.badCredentials, 400, 'invalid_grant')),
    'xstate.done.actor.loadProfile': () => answer('profile', sut.profile),
    'xstate.error.actor.loadProfile': () => fail('profile', new ApiError('api', 'Error interno del servidor.', 500)),
    [REFRESH_DUE]: wait(isRefreshDelay, 'refresh'),
    'xstate.done.actor.requestRefresh': () => answer('refreshToken', tokenAnswer),
    'xstate.error.actor.requestRefresh': ({ event }: { event: EventObject }) => fail('refreshToken', (event as EventObject & { error: unknown }).error),
    [POLL_DUE]: wait((ms) => ms === POLL_INTERVAL_MS, 'poll'),
    // The shell's idle callback after its first paint, or the chart's wait at the latest.
    'shellData.due': ({ event }: { event: SessionEvent }) => send(event),
    [SHELL_DATA_DUE]: wait((ms) => ms === SHELL_DATA_DELAY_MS, 'shell data'),
    'profile.loaded': () => answer('profile', sut.profile),
    'risk.loaded': () => answer('riskList', riskAnswer),
    'kyc.loaded': () => answer('kycVerifications', kycAnswer),
    'fraudConfig.loaded': () => answer('fraudConfig', fraudAnswer),
    'data.settled': async () => {
      for (const method of ['profile', 'riskList', 'kycVerifications', 'fraudConfig'] as const) {
        for (const call of sut.api.pending(method)) call.reject(new ApiError('network', Msg.networkFailure));
      }
      await flush();
    },
    // A decision in Cola de Riesgo (the page tells the session).
    'risk.changed': ({ event }: { event: SessionEvent }) => send(event),
    'xstate.done.actor.loadRisk': () => answer('riskList', riskAnswer),
    'xstate.error.actor.loadRisk': () => fail('riskList', new ApiError('network', Msg.networkFailure)),
    'fraudAlert.acknowledge': ({ event }: { event: SessionEvent }) => send(event),
    // The HTTP client reports a 401 to the session (tested with the client).
    'session.invalidToken': ({ event }: { event: SessionEvent }) => send(event),
    [CLEAR_DUE]: wait((ms) => ms === INVALID_TOKEN_CLEAR_MS, 'clear'),
    'session.signOut': ({ event }: { event: SessionEvent }) => send(event),
    'xstate.done.actor.requestLogout': () => answer('logout', undefined),
    'xstate.error.actor.requestLogout': () => fail('logout', new ApiError('network', Msg.networkFailure)),
  };
}

/** What must hold in the running console in each state of the chart. */
function assertions(sut: Sut) {
  const snap = () => sut.actor.getSnapshot();
  return {
    signedOut: () => {
      expect(snap().matches('signedOut')).toBe(true);
      expect(sut.store.getItem(StorageKey.token)).toBeNull();
      expect(sut.store.getItem(StorageKey.refreshToken)).toBeNull();
      expect(sut.store.getItem(StorageKey.expiresIn)).toBeNull();
      expect(sut.timers.active(isRefreshDelay)).toHaveLength(0);
      expect(sut.timers.active((ms) => ms === POLL_INTERVAL_MS)).toHaveLength(0);
      // Nothing runs: a call left behind by the session that ended was stopped with its state.
      expect(Object.keys(snap().children)).toEqual([]);
    },
    signingIn: () => {
      expect(snap().matches('signingIn')).toBe(true);
      expect(sut.api.pending('requestToken')).toHaveLength(1);
      expect(Object.keys(snap().children)).toEqual(['requestToken']);
    },
    loadingProfile: () => {
      expect(snap().matches('loadingProfile')).toBe(true);
      expect(sut.api.pending('profile').length).toBeGreaterThan(0);
    },
    signedIn: () => {
      expect(snap().matches('signedIn')).toBe(true);
      const { context } = snap();
      expect(sut.store.getItem(StorageKey.token)).toBe(context.accessToken);
      expect(sut.store.getItem(StorageKey.refreshToken)).toBe(context.refreshToken);
      expect(sut.store.getItem(StorageKey.noEsLector)).toBe('true');
      expect(context.noEsLector).toBe(true);
    },
    'signedIn.token.fresh': () => {
      const { context } = snap();
      const refresh = sut.timers.active(isRefreshDelay);
      expect(refresh).toHaveLength(1);
      expect(refresh[0]!.ms).toBe(Math.max(0, context.refreshAt! - NOW));
      // First refresh at expires_in − 600 s, after a refresh at expires_in − 300 s; a resumed
      // session keeps its stored instant and a failed refresh retries a minute later.
      const expected = context.refreshed
        ? [NOW + (EXPIRES_IN - 300) * 1000, stored.refreshAt, NOW + 60_000]
        : [NOW + (EXPIRES_IN - 600) * 1000, NOW + 60_000];
      expect(expected).toContain(context.refreshAt);
    },
    'signedIn.token.refreshing': () => {
      expect(sut.api.pending('refreshToken')).toHaveLength(1);
      expect(Object.keys(snap().children)).toContain('requestRefresh');
      expect(sut.timers.active(isRefreshDelay)).toHaveLength(0);
    },
    'signedIn.data.deferred': () => {
      // Nothing of the shell's own asked for yet; it is due at the latest after SHELL_DATA_DELAY_MS.
      expect(sut.api.calls.riskList).toHaveLength(0);
      expect(sut.api.calls.kycVerifications).toHaveLength(0);
      expect(sut.timers.active((ms) => ms === SHELL_DATA_DELAY_MS)).toHaveLength(1);
    },
    'signedIn.data.loading': () => {
      // The shell asked for its data and not every answer is in yet.
      expect(sut.api.calls.riskList.length).toBeGreaterThan(0);
      expect(sut.api.calls.kycVerifications.length).toBeGreaterThan(0);
      const open = (['profile', 'riskList', 'kycVerifications', 'fraudConfig'] as const).map((m) => sut.api.pending(m).length);
      expect(open.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(Object.keys(snap().children)).toContain('loadShellData');
      expect(sut.timers.active((ms) => ms === POLL_INTERVAL_MS)).toHaveLength(0);
    },
    'signedIn.data.idle': () => {
      expect(sut.timers.active((ms) => ms === POLL_INTERVAL_MS)).toHaveLength(1);
    },
    'signedIn.data.readingBell': () => {
      // The bell alone is read again (a read it moved on from is stopped): a risk list asked, nothing else of the shell's.
      expect(sut.api.pending('riskList').length).toBeGreaterThan(0);
      expect(sut.api.pending('kycVerifications')).toHaveLength(0);
      expect(Object.keys(snap().children)).toContain('loadRisk');
      expect(Object.keys(snap().children)).not.toContain('loadShellData');
      expect(sut.timers.active((ms) => ms === POLL_INTERVAL_MS)).toHaveLength(0);
    },
    'signedIn.alert.showing': () => expect(snap().matches({ signedIn: { alert: 'showing' } })).toBe(true),
    'signedIn.alert.dismissed': () => expect(snap().matches({ signedIn: { alert: 'dismissed' } })).toBe(true),
    invalidToken: () => {
      expect(sut.toasts.at(-1)).toBe(Msg.invalidToken);
      expect(sut.timers.active((ms) => ms === INVALID_TOKEN_CLEAR_MS)).toHaveLength(1);
      // The session's calls (a refresh, the shell's data) were stopped with the signed-in state.
      expect(Object.keys(snap().children)).toEqual([]);
    },
    signingOut: () => {
      expect(sut.api.pending('logout')).toHaveLength(1);
      expect(Object.keys(snap().children)).toEqual(['requestLogout']);
    },
  };
}

const shortest = transitionModel.getShortestPaths();
const simple = stateModel.getSimplePaths();
const paths = [...shortest, ...simple];

describe('session machine, model-based', () => {
  itCoversTheChart('session', chart, paths, 'covers every state and every transition of the chart');

  describe.each([
    ['shortest', shortest],
    ['simple', simple],
  ] as const)('%s paths drive the running session', (_kind, list) => {
    it.each(list.map((path) => [describePath(path), path] as const))('%s', async (_description, path) => {
      const sut = createSut();
      await path.test({ states: assertions(sut), events: executors(sut) as never });
    });
  });
});

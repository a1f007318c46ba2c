import { describe, expect, it } from 'vitest';
import { SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import { invokingTestModel } from '../support/invoking-model';
import { REFRESH_RETRY_MS, sessionMachine, type SessionEvent } from '@/machines/session/session.machine';
import { sessionGuards } from '@/app/session-effects';
import { readStoredSession, writeStoredSession } from '@/machines/session/session-store';
import { ApiError } from '@/api/http';
import { INVALID_TOKEN_CLEAR_MS, POLL_INTERVAL_MS, SHELL_DATA_DELAY_MS, StorageKey } from '@/domain/session';
import { Msg } from '@/domain/messages';
import { flush, MemoryStore } from '../support/fakes';
import { describePath, itCoversTheChart } from '../support/machine-coverage';
import { adminProfile, createSut, EXPIRES_IN, fraudAnswer, kycAnswer, NOW, readerProfile, riskAnswer, stored, tokenAnswer, tokens, type Method, type Sut } from '../support/lifecycles/session-sut';

const isRefreshDelay = (ms: number) => ms !== POLL_INTERVAL_MS && ms !== INVALID_TOKEN_CLEAR_MS && ms !== SHELL_DATA_DELAY_MS;

/** The chart's waits, as the events of their `after` transitions. */
const due = (delay: string, state: string) => `xstate.after.${delay}.session.${state}`;
const REFRESH_DUE = due('refreshDelay', 'signedIn.token.fresh');
const SHELL_DATA_DUE = due('shellDataDelay', 'signedIn.data.deferred');
const POLL_DUE = due('pollInterval', 'signedIn.data.idle');
const CLEAR_DUE = due('clearDelay', 'invalidToken');

const refusedRefresh = new ApiError('api', Msg.badRefreshToken, 400, 'invalid_grant');

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
  (event.type === 'xstate.error.actor.requestRefresh' && (event as EventObject & { error: unknown }).error !== refusedRefresh);

/** Simple paths over the states themselves (context left out so the graph stays finite). */
const stateModel = invokingTestModel(chart, {
  ...modelOptions,
  filterEvents: (snapshot: Snap, event: EventObject) => !sameAsAnother(event) && modelOptions.filterEvents(snapshot, event),
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

describe('session machine, details', () => {
  it('signing in with CRM_LECTOR stores noEsLector "true"; without it "false"', async () => {
    for (const [profile, flag] of [
      [adminProfile, 'true'],
      [readerProfile, 'false'],
    ] as const) {
      const sut = createSut(profile);
      sut.actor.send({ type: 'session.signIn', username: profile.username, password: 'x' });
      sut.api.latest('requestToken').resolve(tokenAnswer);
      await flush();
      sut.api.latest('profile').resolve(profile);
      await flush();
      expect(sut.store.getItem(StorageKey.noEsLector)).toBe(flag);
      expect(sut.actor.getSnapshot().context.noEsLector).toBe(flag === 'true');
    }
  });

  it('a readers session does not ask for the risk list or KYC it may not see', async () => {
    const sut = createSut({ ...readerProfile, groups: [{ name: 'TESTER', permissions: [{ name: 'CRM_LOGIN' }] }] });
    sut.actor.send({ type: 'session.signIn', username: 'sinacceso', password: 'x' });
    sut.api.latest('requestToken').resolve(tokenAnswer);
    await flush();
    sut.api.latest('profile').resolve(sut.profile);
    await flush();
    sut.actor.send({ type: 'shellData.due' });
    await flush();
    expect(sut.api.calls.riskList).toHaveLength(0);
    expect(sut.api.calls.kycVerifications).toHaveLength(0);
    expect(sut.api.calls.fraudConfig).toHaveLength(1);
  });

  it('the shell’s own data waits for the page’s first paint: asked for on shellData.due (the shell’s idle callback), or by the chart’s wait at the latest', async () => {
    for (const due of ['painted', 'timer'] as const) {
      const clock = new SimulatedClock();
      const sut = createSut(adminProfile, clock);
      const asked = () => [sut.api.calls.profile.length, sut.api.calls.riskList.length, sut.api.calls.kycVerifications.length, sut.api.calls.fraudConfig.length];
      sut.actor.send({ type: 'session.resume', session: stored });
      await flush();
      expect(sut.actor.getSnapshot().matches({ signedIn: { data: 'deferred' } })).toBe(true);
      clock.increment(SHELL_DATA_DELAY_MS - 1);
      expect(asked()).toEqual([0, 0, 0, 0]);
      if (due === 'painted') sut.actor.send({ type: 'shellData.due' });
      else clock.increment(1);
      await flush();
      expect(asked()).toEqual([1, 1, 1, 1]);
      // Once: the wait of a shell that said so first is gone with its state.
      clock.increment(1);
      await flush();
      expect(asked()).toEqual([1, 1, 1, 1]);
    }
  });

  it('the shell’s data is read again every 40 minutes after the last read settled', async () => {
    const clock = new SimulatedClock();
    const sut = createSut(adminProfile, clock);
    // A session whose token lasts: only the shell's waits run out meanwhile.
    sut.actor.send({ type: 'session.resume', session: { ...stored, refreshAt: NOW + 2 * POLL_INTERVAL_MS } });
    sut.actor.send({ type: 'shellData.due' });
    for (const call of sut.api.pending('riskList')) call.resolve(riskAnswer);
    for (const method of ['profile', 'kycVerifications', 'fraudConfig'] as const) for (const call of sut.api.pending(method)) call.reject(new ApiError('network', Msg.networkFailure));
    await flush();
    expect(sut.actor.getSnapshot().matches({ signedIn: { data: 'idle' } })).toBe(true);
    expect(sut.actor.getSnapshot().context.riskTotal).toBe(1);
    clock.increment(POLL_INTERVAL_MS - 1);
    expect(sut.api.calls.riskList).toHaveLength(1);
    clock.increment(1);
    expect(sut.api.calls.riskList).toHaveLength(2);
    // The fraud alert's config never came: it is asked for again.
    expect(sut.api.calls.fraudConfig).toHaveLength(2);
  });

  it('an empty user name or password cannot start a sign-in', () => {
    const sut = createSut();
    sut.actor.send({ type: 'session.signIn', username: '', password: 'x' });
    sut.actor.send({ type: 'session.signIn', username: 'admin', password: '' });
    expect(sut.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(sut.api.calls.requestToken).toHaveLength(0);
  });

  it('an answer from a session that already ended is never heard: its call was stopped with its state', async () => {
    const sut = createSut();
    writeStoredSession(sut.store, { ...stored, noEsLector: true });
    sut.actor.send({ type: 'session.resume', session: readStoredSession(sut.store)! });
    sut.actor.send({ type: 'shellData.due' });
    sut.timers.fire(isRefreshDelay, 'refresh');
    const refresh = sut.api.latest('refreshToken');
    const risk = sut.api.latest('riskList');
    sut.actor.send({ type: 'session.signOut' });
    sut.api.latest('logout').resolve(undefined);
    await flush();
    expect(sut.actor.getSnapshot().matches('signedOut')).toBe(true);
    refresh.resolve({ ...tokenAnswer, access_token: 'access-2' });
    risk.resolve(riskAnswer);
    await flush();
    expect(sut.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(sut.actor.getSnapshot().context).toMatchObject({ accessToken: null, riskTotal: 0 });
    expect(sut.store.getItem(StorageKey.token)).toBeNull();
  });

  it('a session stored before the per-session service keys is not resumed: the person signs in again instead of meeting a 401', () => {
    const store = new MemoryStore();
    writeStoredSession(store, { ...stored, noEsLector: true });
    expect(readStoredSession(store)?.profile.serviceKeys).toEqual(adminProfile.serviceKeys);
    const { serviceKeys: _dropped, ...oldProfile } = adminProfile;
    writeStoredSession(store, { ...stored, profile: oldProfile, noEsLector: true });
    expect(readStoredSession(store)).toBeNull();
  });

  it('invalid token: the token is removed 1.5 s later and the user goes to sign-in', async () => {
    const clock = new SimulatedClock();
    const sut = createSut(adminProfile, clock);
    writeStoredSession(sut.store, { ...stored, noEsLector: true });
    sut.actor.send({ type: 'session.resume', session: readStoredSession(sut.store)! });
    sut.actor.send({ type: 'session.invalidToken' });
    expect(sut.toasts).toEqual([Msg.invalidToken]);
    clock.increment(INVALID_TOKEN_CLEAR_MS - 1);
    expect(sut.store.getItem(StorageKey.token)).toBe('access-1');
    expect(sut.navigations).toEqual([]);
    clock.increment(1);
    expect(sut.store.getItem(StorageKey.token)).toBeNull();
    expect(sut.navigations).toEqual(['/auth/login-page']);
    expect(sut.store.getItem(StorageKey.deviceId)).toBeNull();
  });

  it('a refused refresh ends the session through the invalid-token path', async () => {
    const sut = createSut();
    writeStoredSession(sut.store, { ...stored, noEsLector: true });
    sut.actor.send({ type: 'session.resume', session: readStoredSession(sut.store)! });
    sut.timers.fire(isRefreshDelay, 'refresh');
    sut.api.latest('refreshToken').reject(refusedRefresh);
    await flush();
    expect(sut.actor.getSnapshot().matches('invalidToken')).toBe(true);
  });

  it('the token is refreshed when its time comes, on the chart’s clock; a refresh that failed is tried again a minute later', async () => {
    const clock = new SimulatedClock();
    const sut = createSut(adminProfile, clock);
    sut.actor.send({ type: 'session.signIn', username: 'admin', password: 'x' });
    sut.api.latest('requestToken').resolve(tokenAnswer);
    await flush();
    sut.api.latest('profile').resolve(adminProfile);
    await flush();
    // First refresh at expires_in − 600 s.
    clock.increment((EXPIRES_IN - 600) * 1000 - 1);
    expect(sut.api.calls.refreshToken).toHaveLength(0);
    clock.increment(1);
    expect(sut.api.calls.refreshToken).toHaveLength(1);
    sut.api.latest('refreshToken').reject(new ApiError('network', Msg.networkFailure));
    await flush();
    expect(sut.actor.getSnapshot().context.refreshAt).toBe(NOW + REFRESH_RETRY_MS);
    clock.increment(REFRESH_RETRY_MS - 1);
    expect(sut.api.calls.refreshToken).toHaveLength(1);
    clock.increment(1);
    expect(sut.api.calls.refreshToken).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { sessionMachine, type SessionEvent } from '@/machines/session/session.machine';
import { readStoredSession, writeStoredSession } from '@/machines/session/session-store';
import { ApiError } from '@/api/http';
import { INVALID_TOKEN_CLEAR_MS, POLL_INTERVAL_MS, SHELL_DATA_DELAY_MS, StorageKey } from '@/domain/session';
import { Msg } from '@/domain/messages';
import { flush, MemoryStore } from '../support/fakes';
import { describePath, itCoversTheChart } from '../support/machine-coverage';
import { adminProfile, createSut, EXPIRES_IN, fraudAnswer, kycAnswer, NOW, readerProfile, riskAnswer, stored, tokenAnswer, tokens, type Method, type Sut } from '../support/lifecycles/session-sut';

const isRefreshDelay = (ms: number) => ms !== POLL_INTERVAL_MS && ms !== INVALID_TOKEN_CLEAR_MS && ms !== SHELL_DATA_DELAY_MS;

const modelEvents: SessionEvent[] = [
  { type: 'session.signIn', username: 'admin', password: 'demo1234' },
  { type: 'session.signIn', username: '   ', password: 'demo1234' },
  { type: 'session.resume', session: stored },
  { type: 'token.received', tokens, receivedAt: NOW },
  { type: 'token.rejected', message: Msg.badCredentials },
  { type: 'profile.loaded', profile: adminProfile },
  { type: 'profile.failed', message: 'Error interno del servidor.' },
  { type: 'refresh.due' },
  { type: 'refresh.failed', retryAt: NOW + 60_000 },
  { type: 'poll.due' },
  { type: 'shellData.due' },
  { type: 'risk.loaded', orders: riskAnswer.orders, total: 1 },
  { type: 'kyc.loaded', verifications: [] },
  { type: 'fraudConfig.loaded', config: fraudAnswer },
  { type: 'data.settled' },
  { type: 'fraudAlert.acknowledge' },
  { type: 'session.invalidToken' },
  { type: 'clear.due' },
  { type: 'session.signOut' },
  { type: 'logout.done' },
];

type Snap = SnapshotFrom<typeof sessionMachine>;
const SHELL_DATA = new Set(['risk.loaded', 'kyc.loaded', 'fraudConfig.loaded']);

const modelOptions = {
  events: modelEvents,
  // The shell's answers only arrive while the shell is loading them.
  filterEvents: (snapshot: Snap, event: SessionEvent) => {
    const loading = snapshot.matches({ signedIn: { data: 'loading' } });
    if (SHELL_DATA.has(event.type)) return loading;
    if (event.type === 'profile.loaded' && snapshot.matches('signedIn')) return loading;
    return true;
  },
};

/**
 * Shortest paths over a graph with a vertex per (state, incoming transition): together they take
 * every transition, including those that lead back to a state already seen.
 */
const transitionModel = createTestModel(sessionMachine, {
  ...modelOptions,
  serializeState: (snapshot: Snap, event: SessionEvent | undefined, previous?: Snap) =>
    `${JSON.stringify(snapshot.value)}|${event?.type ?? ''}|${previous ? JSON.stringify(previous.value) : ''}`,
});

/** Simple paths over the states themselves (context left out so the graph stays finite). */
const stateModel = createTestModel(sessionMachine, {
  ...modelOptions,
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
  return {
    'session.signIn': ({ event }: { event: SessionEvent }) => send(event),
    'session.resume': async () => {
      // As at boot: what is in storage is read back and resumed.
      writeStoredSession(sut.store, { ...stored, noEsLector: true });
      const session = readStoredSession(sut.store);
      expect(session).not.toBeNull();
      await send({ type: 'session.resume', session: session! });
    },
    'token.received': () => {
      const method = sut.api.pending('refreshToken').length > 0 ? 'refreshToken' : 'requestToken';
      return answer(method, tokenAnswer);
    },
    'token.rejected': () => fail('requestToken', new ApiError('api', Msg.badCredentials, 400, 'invalid_grant')),
    'profile.loaded': () => answer('profile', sut.profile),
    'profile.failed': () => fail('profile', new ApiError('api', 'Error interno del servidor.', 500)),
    'refresh.due': async () => {
      sut.timers.fire(isRefreshDelay, 'refresh');
      await flush();
    },
    'refresh.failed': () => fail('refreshToken', new ApiError('network', Msg.networkFailure)),
    'poll.due': async () => {
      sut.timers.fire((ms) => ms === POLL_INTERVAL_MS, 'poll');
      await flush();
    },
    // The shell's idle callback after its first paint, or the timer: the same event either way.
    'shellData.due': async () => {
      sut.timers.fire((ms) => ms === SHELL_DATA_DELAY_MS, 'shell data');
      await flush();
    },
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
    'clear.due': async () => {
      sut.timers.fire((ms) => ms === INVALID_TOKEN_CLEAR_MS, 'clear');
      await flush();
    },
    'session.signOut': ({ event }: { event: SessionEvent }) => send(event),
    'logout.done': () => answer('logout', undefined),
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
    },
    signingIn: () => {
      expect(snap().matches('signingIn')).toBe(true);
      expect(sut.api.pending('requestToken')).toHaveLength(1);
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
    },
    signingOut: () => {
      expect(sut.api.pending('logout')).toHaveLength(1);
    },
  };
}

const shortest = transitionModel.getShortestPaths();
const simple = stateModel.getSimplePaths();
const paths = [...shortest, ...simple];

describe('session machine, model-based', () => {
  itCoversTheChart('session', sessionMachine, paths, 'covers every state and every transition of the chart');

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

  it('the shell’s own data waits for the page’s first paint: asked for on shellData.due (the shell’s idle callback), or by the timer at the latest', async () => {
    for (const due of ['painted', 'timer'] as const) {
      const sut = createSut();
      sut.actor.send({ type: 'session.resume', session: stored });
      await flush();
      expect(sut.actor.getSnapshot().matches({ signedIn: { data: 'deferred' } })).toBe(true);
      expect([sut.api.calls.profile.length, sut.api.calls.riskList.length, sut.api.calls.kycVerifications.length, sut.api.calls.fraudConfig.length]).toEqual([0, 0, 0, 0]);
      if (due === 'painted') sut.actor.send({ type: 'shellData.due' });
      else sut.timers.fire((ms) => ms === SHELL_DATA_DELAY_MS, 'shell data');
      await flush();
      expect([sut.api.calls.profile.length, sut.api.calls.riskList.length, sut.api.calls.kycVerifications.length, sut.api.calls.fraudConfig.length]).toEqual([1, 1, 1, 1]);
      // Once: the timer of a shell that said so first is gone.
      expect(sut.timers.active((ms) => ms === SHELL_DATA_DELAY_MS)).toHaveLength(0);
    }
  });

  it('an empty user name or password cannot start a sign-in', () => {
    const sut = createSut();
    sut.actor.send({ type: 'session.signIn', username: '', password: 'x' });
    sut.actor.send({ type: 'session.signIn', username: 'admin', password: '' });
    expect(sut.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(sut.api.calls.requestToken).toHaveLength(0);
  });

  it('an answer from a session that already ended is ignored', async () => {
    const sut = createSut();
    sut.actor.send({ type: 'session.signIn', username: 'admin', password: 'x' });
    const first = sut.api.latest('requestToken');
    first.reject(new ApiError('network', Msg.networkFailure));
    await flush();
    sut.actor.send({ type: 'session.signIn', username: 'admin', password: 'y' });
    const second = sut.api.latest('requestToken');
    first.resolve(tokenAnswer); // settled already: a late duplicate must not count
    second.resolve({ ...tokenAnswer, access_token: 'access-2' });
    await flush();
    expect(sut.actor.getSnapshot().context.accessToken).toBe('access-2');
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
    const sut = createSut();
    writeStoredSession(sut.store, { ...stored, noEsLector: true });
    sut.actor.send({ type: 'session.resume', session: readStoredSession(sut.store)! });
    sut.actor.send({ type: 'session.invalidToken' });
    expect(sut.store.getItem(StorageKey.token)).toBe('access-1');
    const clear = sut.timers.active((ms) => ms === INVALID_TOKEN_CLEAR_MS);
    expect(clear).toHaveLength(1);
    sut.timers.fire((ms) => ms === INVALID_TOKEN_CLEAR_MS, 'clear');
    expect(sut.store.getItem(StorageKey.token)).toBeNull();
    expect(sut.navigations).toEqual(['/auth/login-page']);
    expect(sut.store.getItem(StorageKey.deviceId)).toBeNull();
  });

  it('a refused refresh ends the session through the invalid-token path', async () => {
    const sut = createSut();
    writeStoredSession(sut.store, { ...stored, noEsLector: true });
    sut.actor.send({ type: 'session.resume', session: readStoredSession(sut.store)! });
    sut.timers.fire(isRefreshDelay, 'refresh');
    sut.api.latest('refreshToken').reject(new ApiError('api', Msg.badRefreshToken, 400, 'invalid_grant'));
    await flush();
    expect(sut.actor.getSnapshot().matches('invalidToken')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { REFRESH_RETRY_MS } from '@/machines/session/session.machine';
import { readStoredSession, writeStoredSession } from '@/machines/session/session-store';
import { ApiError } from '@/api/http';
import { INVALID_TOKEN_CLEAR_MS, POLL_INTERVAL_MS, SHELL_DATA_DELAY_MS, StorageKey } from '@/domain/session';
import { Msg } from '@/domain/messages';
import { flush, MemoryStore } from '../support/fakes';
import { adminProfile, createSut, EXPIRES_IN, fraudAnswer, isRefreshDelay, kycAnswer, NOW, refusedRefresh, readerProfile, riskAnswer, ScriptedApi, stored, tokenAnswer } from '../support/lifecycles/session-sut';
import { createSession, resumeSession } from '@/app/session';

/** The session chart's behaviours one by one, on the running session (its model: session.machine.test.ts). */
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

  it('after a decision the bell alone reads again and counts what the queue counts; a failed read keeps its count', async () => {
    const clock = new SimulatedClock();
    const sut = createSut(adminProfile, clock);
    sut.actor.send({ type: 'session.resume', session: { ...stored, refreshAt: NOW + 2 * POLL_INTERVAL_MS } });
    sut.actor.send({ type: 'shellData.due' });
    for (const call of sut.api.pending('riskList')) call.resolve(riskAnswer);
    for (const method of ['profile', 'kycVerifications', 'fraudConfig'] as const) for (const call of sut.api.pending(method)) call.resolve(method === 'profile' ? adminProfile : method === 'kycVerifications' ? kycAnswer : fraudAnswer);
    await flush();
    expect(sut.actor.getSnapshot().context.riskTotal).toBe(1);
    sut.actor.send({ type: 'risk.changed' });
    // A second decision before the answer: the first read is not heard.
    sut.actor.send({ type: 'risk.changed' });
    expect(sut.api.calls.riskList).toHaveLength(3);
    expect(sut.api.calls.kycVerifications).toHaveLength(1);
    sut.api.calls.riskList[2]!.resolve({ orders: [], totalElements: 0 });
    sut.api.calls.riskList[1]!.resolve(riskAnswer);
    await flush();
    expect(sut.actor.getSnapshot().context).toMatchObject({ riskTotal: 0, riskOrders: [] });
    expect(sut.actor.getSnapshot().matches({ signedIn: { data: 'idle' } })).toBe(true);
    sut.actor.send({ type: 'risk.changed' });
    sut.api.latest('riskList').reject(new ApiError('network', Msg.networkFailure));
    await flush();
    expect(sut.actor.getSnapshot().context.riskTotal).toBe(0);
    expect(sut.actor.getSnapshot().matches({ signedIn: { data: 'idle' } })).toBe(true);
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

  it('the boot starts the chart and resumes the stored session in two steps (two tasks in main.tsx): started, it is signed out and has asked nothing; resumed, it is signed in from the device', () => {
    const api = new ScriptedApi();
    const store = new MemoryStore();
    writeStoredSession(store, { ...stored, noEsLector: true });
    const actor = createSession({ api, store, now: () => NOW, notifyError: () => {}, goToSignIn: () => {}, log: () => {} });
    try {
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(Object.values(api.calls).flat()).toEqual([]);
      resumeSession(actor, store);
      expect(actor.getSnapshot().matches('signedIn')).toBe(true);
      expect(actor.getSnapshot().context.accessToken).toBe(stored.accessToken);
    } finally {
      actor.stop();
    }
    // Nothing stored: the resume leaves the chart signed out.
    const empty = createSession({ api, store: new MemoryStore(), now: () => NOW, notifyError: () => {}, goToSignIn: () => {}, log: () => {} });
    resumeSession(empty, new MemoryStore());
    expect(empty.getSnapshot().matches('signedOut')).toBe(true);
    empty.stop();
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

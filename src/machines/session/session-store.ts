import * as v from 'valibot';
import { Profile } from '@/api/contract/uaa';
import { KycVerification } from '@/api/contract/orders';
import { StorageKey } from '@/domain/session';
import type { StoredSession } from '@/machines/session/session.machine';

/** The part of the Web Storage API the session uses (tests pass an in-memory one). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const numeric = v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number));

/**
 * Reads a stored session, or null when anything is missing or malformed (never trust storage). A
 * profile without service keys was stored before the keys became per session: its calls that need
 * them would be refused, so it is not resumed and the person signs in once more.
 */
export function readStoredSession(store: KeyValueStore): StoredSession | null {
  const profile = (() => {
    try {
      return v.safeParse(Profile, JSON.parse(store.getItem(StorageKey.user) ?? 'null'));
    } catch {
      return null;
    }
  })();
  const accessToken = store.getItem(StorageKey.token);
  const refreshToken = store.getItem(StorageKey.refreshToken);
  const expiresIn = v.safeParse(numeric, store.getItem(StorageKey.expiresIn));
  const refreshAt = v.safeParse(numeric, store.getItem(StorageKey.refreshAt));
  if (!profile?.success || !profile.output.serviceKeys || !accessToken || !refreshToken || !expiresIn.success || !refreshAt.success) return null;
  return { accessToken, refreshToken, expiresIn: expiresIn.output, refreshAt: refreshAt.output, profile: profile.output };
}

export function writeStoredSession(
  store: KeyValueStore,
  session: { accessToken: string; refreshToken: string; expiresIn: number; refreshAt: number; profile: Profile; noEsLector: boolean },
): void {
  store.setItem(StorageKey.token, session.accessToken);
  store.setItem(StorageKey.refreshToken, session.refreshToken);
  store.setItem(StorageKey.expiresIn, String(session.expiresIn));
  store.setItem(StorageKey.refreshAt, String(session.refreshAt));
  store.setItem(StorageKey.user, JSON.stringify(session.profile));
  store.setItem(StorageKey.groups, JSON.stringify(session.profile.groups));
  store.setItem(StorageKey.noEsLector, session.noEsLector ? 'true' : 'false');
}

/** Sign-out clears token, refresh token and expiry (spec) and the user's cached identity. The device id stays. */
export function clearStoredSession(store: KeyValueStore): void {
  for (const key of [
    StorageKey.token,
    StorageKey.refreshToken,
    StorageKey.expiresIn,
    StorageKey.refreshAt,
    StorageKey.user,
    StorageKey.groups,
    StorageKey.noEsLector,
    StorageKey.kycList,
  ]) {
    store.removeItem(key);
  }
}

/** The persistent device uuid sent with every sign-in. */
export function deviceId(store: KeyValueStore, newId: () => string = () => crypto.randomUUID()): string {
  const existing = store.getItem(StorageKey.deviceId);
  if (existing) return existing;
  const id = newId();
  store.setItem(StorageKey.deviceId, id);
  return id;
}

/** The KYC counter stores its list before opening the orders screen, which reads it back. */
export function writeKycList(store: KeyValueStore, list: readonly KycVerification[]): void {
  store.setItem(StorageKey.kycList, JSON.stringify(list));
}

export function readKycList(store: KeyValueStore): KycVerification[] {
  try {
    const parsed = v.safeParse(v.array(KycVerification), JSON.parse(store.getItem(StorageKey.kycList) ?? '[]'));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

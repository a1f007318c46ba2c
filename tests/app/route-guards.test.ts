import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createMemoryHistory } from '@tanstack/react-router';
import { sessionMachine } from '@/machines/session/session.machine';
import type { Profile } from '@/api/contract/uaa';
import { Permission } from '@/domain/permissions';
import { menuOf, mayOpen, ScreenRefused } from '@/routing/screen-route';

/** Which screens' page modules were loaded: a refused route must not load its page at all. */
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('@/screens/settings/settings-page', () => {
  loaded.push('settings');
  return { SettingsPage: () => null };
});
vi.mock('@/screens/shell/shell', () => ({ Shell: () => null }));

const { createAppRouter, SCREENS } = await import('@/router');

const profileWith = (...permissions: string[]): Profile => ({
  accountId: 7,
  username: 'soporte',
  email: 'soporte@consola.example',
  firstName: 'Sara',
  lastName: 'Soporte',
  name: 'Sara Soporte',
  groups: [{ name: 'TESTER', permissions: [Permission.LOGIN, ...permissions].map((name) => ({ name })) }],
  serviceKeys: { apiKey: 'k', smsToken: 's' },
});

function signedIn(profile: Profile) {
  const session = createActor(sessionMachine).start();
  session.send({ type: 'session.resume', session: { accessToken: 'a', refreshToken: 'r', expiresIn: 1200, refreshAt: Date.now() + 600_000, profile } });
  return session;
}

async function open(profile: Profile, path: string) {
  const router = createAppRouter({ session: signedIn(profile), services: {} as never }, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return router.state.matches.at(-1)!;
}

describe('route guards (beforeLoad) on the one list of screens', () => {
  it('refuses a screen without its permission before its page loads, and opens it with the permission', async () => {
    loaded.length = 0;
    const refused = await open(profileWith(Permission.VIEW_CUSTOMERS), '/admin/settings-page');
    expect(refused.status).toBe('error');
    expect(refused.error).toBeInstanceOf(ScreenRefused);
    expect(loaded).toEqual([]);

    const opened = await open(profileWith(Permission.SETTINGS), '/admin/settings-page');
    expect(opened.status).toBe('success');
    expect(loaded).toEqual(['settings']);
  });

  it('a standalone window is guarded the same way', async () => {
    const refused = await open(profileWith(Permission.VIEW_CUSTOMERS), '/admin/fraud-graph');
    expect(refused.error).toBeInstanceOf(ScreenRefused);
  });

  it('the menu offers exactly the screens whose guard lets the user in, in menu order', () => {
    const groups = profileWith(Permission.VIEW_ORDERS, Permission.SETTINGS).groups;
    const menu = menuOf(SCREENS, groups);
    expect(menu.map((entry) => entry.to)).toEqual(['/admin/dashboard', '/admin/orders', '/admin/settings-page', '/admin/user-page']);
    for (const screen of SCREENS) {
      const offered = menu.some((entry) => entry.to === `/admin/${screen.path}`);
      if (screen.menu) expect(offered, screen.path).toBe(mayOpen(screen, groups));
    }
  });
});

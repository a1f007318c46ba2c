import { describe, expect, it } from 'vitest';
import { drawsShell, WINDOW_PATHS } from '@/domain/frame-paths';

const { SCREENS } = await import('@/router');

describe('the paths the shell draws, known before the router is in (src/main.tsx)', () => {
  it('names every window of its own in the route table, and nothing else', () => {
    const standalone = SCREENS.filter((screen) => screen.standalone).map((screen) => screen.path);
    expect([...WINDOW_PATHS].sort()).toEqual(standalone.sort());
  });

  it('draws the frame on every page of the shell, with its query or without', () => {
    for (const screen of SCREENS.filter((s) => !s.standalone)) {
      const hash = `#/admin/${screen.path.replace(/\$\w+/g, '7')}`;
      expect(drawsShell(hash), hash).toBe(true);
      expect(drawsShell(`${hash}?page=2`), hash).toBe(true);
    }
    expect(drawsShell('#/admin')).toBe(true);
    expect(drawsShell('#/admin/no-such-page')).toBe(true);
  });

  it('not on a window of its own, the sign-in page or the health page', () => {
    expect(drawsShell('#/admin/fraud-graph?orderId=5')).toBe(false);
    expect(drawsShell('#/admin/fraud-graph')).toBe(false);
    expect(drawsShell('#/auth/login-page')).toBe(false);
    expect(drawsShell('#/health')).toBe(false);
    expect(drawsShell('')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { HOME_PATH, isFollowable, returnLocation } from '@/domain/return-location';

describe('where sign-in leads', () => {
  it('follows a page of the console with its search and hash', () => {
    for (const href of ['/admin', '/admin/', '/admin/dashboard', '/admin/order-page/123', '/admin/extras?tab=kyc&page=2', '/admin/order-page/7#trazas', '/admin/customers?names=Jos%C3%A9']) {
      expect(returnLocation(href)).toBe(href);
    }
  });

  it('keeps whatever the search and hash hold: they stay inside the page', () => {
    expect(isFollowable('/admin/clients?search=//evil.example#\\x')).toBe(true);
  });

  it('leads to the dashboard when nothing, or nothing readable, was asked for', () => {
    for (const requested of [undefined, null, '', 42, ['/admin/orders'], { href: '/admin/orders' }]) expect(returnLocation(requested)).toBe(HOME_PATH);
  });

  it('never follows a foreign origin or a scheme', () => {
    for (const href of ['https://evil.example', 'https://evil.example/admin/orders', '//evil.example', '//evil.example/admin', 'javascript:alert(1)', 'data:text/html,x', ' /admin/orders']) {
      expect(isFollowable(href), href).toBe(false);
    }
  });

  it('never follows a path outside /admin', () => {
    for (const href of ['/health', '/auth/login-page', '/login-page', '/', '/administrator', '/adminx/orders', 'admin/orders', '/Admin/orders']) {
      expect(isFollowable(href), href).toBe(false);
    }
  });

  it('never follows a path that climbs out or hides a second slash', () => {
    for (const href of ['/admin/../health', '/admin/..', '/admin/./orders', '/admin//evil.example', '/admin/orders//x', '/admin\\..\\health', '/admin\\\\evil.example', '/admin/\torders', '/admin/\n/evil.example']) {
      expect(isFollowable(href), href).toBe(false);
    }
  });

  it('never follows those tricks percent-encoded, once or more', () => {
    for (const href of ['/admin/%2e%2e/health', '/admin/%2E%2E', '/admin/.%2e/x', '/admin/%2F%2Fevil.example', '/admin%2F..%2Fhealth', '/admin/%5c..%5chealth', '/admin/%252e%252e/health', '/admin/%25252e%25252e', '/admin/%09x', '/admin/%zz']) {
      expect(isFollowable(href), href).toBe(false);
    }
  });

  it('refuses a path encoded deeper than any console link is', () => {
    expect(isFollowable('/admin/%2525252541')).toBe(false);
    expect(isFollowable('/admin/%252541')).toBe(true);
  });
});

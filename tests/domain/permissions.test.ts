import { describe, expect, it } from 'vitest';
import { hasPermission, isEditor, permissionSet, DEFAULT_GROUPS } from '@/domain/permissions';

const groups = [
  { name: 'A', permissions: [{ name: 'CRM2_VIEW_ORDERS' }] },
  { name: 'B', permissions: [{ name: 'CRM_LECTOR' }, { name: 'CRM_LOGIN' }] },
];

describe('permissions (spec lists §6)', () => {
  it('looks for a permission across every group', () => {
    expect(hasPermission(groups, 'CRM2_VIEW_ORDERS')).toBe(true);
    expect(hasPermission(groups, 'CRM_LECTOR')).toBe(true);
    expect(hasPermission(groups, 'CRM_SETTINGS')).toBe(false);
  });

  it('without stored groups the user holds only CRM_LOGIN', () => {
    expect(DEFAULT_GROUPS).toHaveLength(1);
    expect(hasPermission(null, 'CRM_LOGIN')).toBe(true);
    expect(hasPermission([], 'CRM_LOGIN')).toBe(true);
    expect(hasPermission(undefined, 'CRM2_VIEW_ORDERS')).toBe(false);
    expect([...permissionSet(null)]).toEqual(['CRM_LOGIN']);
  });

  it('CRM_LECTOR makes the user an editor (noEsLector)', () => {
    expect(isEditor(groups)).toBe(true);
    expect(isEditor([{ name: 'X', permissions: [{ name: 'CRM_LOGIN' }] }])).toBe(false);
  });
});

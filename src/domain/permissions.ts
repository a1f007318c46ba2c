/** Every permission named by the spec, and the console's own (QA's audit). A permission is granted through a group. */
export const Permission = {
  LOGIN: 'CRM_LOGIN',
  EDITOR: 'CRM_LECTOR',
  SETTINGS: 'CRM_SETTINGS',
  VIEW_CUSTOMERS: 'CRM2_VIEW_CUSTOMERS',
  VIEW_ORDERS: 'CRM2_VIEW_ORDERS',
  VIEW_ITEMS: 'CRM2_VIEW_ITEMS',
  VIEW_CALLS: 'CRM2_VIEW_CALLS',
  VIEW_UPG: 'CRM2_VIEW_UPG',
  VIEW_RECOVER_CLIENTS: 'CRM2_VIEW_RECOVERCLIENTS',
  DO_ACTION: 'CRM7_DO_ACTION',
  AGENT: 'CRM7_AGENT',
  FRAUD_COMPLETE: 'CRM7_FRAUD_COMPLETE',
  SUPER_ACTION: 'CRM2_SUPER_ACTION',
  OPERATIONS_SPECIALIST: 'CRM2_OPERATIONS_SPECIALIST',
  PICKUP_DELIVERY: 'PICKUP_DELIVERY',
  REGISTER_WITHOUT_PIN: 'CRM_REGISTER_WITHOUT_PIN',
  COMPENSATION_PAY: 'CRM_COMPENSATION_PAY',
  MASSIVE_RETRY: 'CRM2_MASSIVE_RETRY',
  OPERADOR_USA: 'CRM_OPERADOR_USA',
  LOGOUT_ACCOUNT: 'LOGOUT_ACCOUNT',
  IMPERSONATOR: 'ROLE_IMPERSONATOR',
  /** The console's own (issue 14 §7): the Auditoría de Transiciones. */
  AUDIT: 'CRM_QA_AUDIT',
  /** The console's own (issue 28): Supervisión, the operations lead's page, and releasing others' claims. */
  SUPERVISION: 'CRM_SUPERVISION',
} as const;

export type PermissionName = (typeof Permission)[keyof typeof Permission];

export const ALL_PERMISSIONS: readonly PermissionName[] = Object.values(Permission);

/**
 * Who reads the "Pendientes de aprobación" list (four-eyes, issue 14 §6): whoever holds a
 * permission some four-eyes action needs (support: refunds and credit; compensation; the remittance
 * specialists). A test checks it against the action tables' four-eyes rows.
 */
export const APPROVAL_READERS: readonly PermissionName[] = [Permission.DO_ACTION, Permission.COMPENSATION_PAY, Permission.OPERATIONS_SPECIALIST];

export const VIEW_PERMISSIONS: readonly PermissionName[] = [
  Permission.VIEW_CUSTOMERS,
  Permission.VIEW_ORDERS,
  Permission.VIEW_ITEMS,
  Permission.VIEW_CALLS,
  Permission.VIEW_UPG,
  Permission.VIEW_RECOVER_CLIENTS,
];

export interface GroupLike {
  readonly name: string;
  readonly permissions: readonly { readonly name: string }[];
}

/** Spec §6: with no stored groups a user holds one group with only CRM_LOGIN. */
export const DEFAULT_GROUPS: readonly GroupLike[] = [
  { name: 'DEFAULT', permissions: [{ name: Permission.LOGIN }] },
];

/** Looks for a named permission (or any of several: a screen two roles share) across all of the user's groups. */
export function hasPermission(groups: readonly GroupLike[] | null | undefined, permission: string | readonly string[]): boolean {
  const effective = groups && groups.length > 0 ? groups : DEFAULT_GROUPS;
  const wanted = typeof permission === 'string' ? [permission] : permission;
  return effective.some((group) => group.permissions.some((p) => wanted.includes(p.name)));
}

/** The set of permission names a user holds, the shape machines take as input. */
export function permissionSet(groups: readonly GroupLike[] | null | undefined): ReadonlySet<string> {
  const effective = groups && groups.length > 0 ? groups : DEFAULT_GROUPS;
  return new Set(effective.flatMap((group) => group.permissions.map((p) => p.name)));
}

/** The editor flag: holding CRM_LECTOR makes the user "not a reader" (noEsLector = "true"). */
export function isEditor(groups: readonly GroupLike[] | null | undefined): boolean {
  return hasPermission(groups, Permission.EDITOR);
}

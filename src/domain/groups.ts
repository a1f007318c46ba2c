/** Group names offered as the Rol filter of the customer search (spec lists §6). */
export const FILTER_GROUPS = [
  'ADMIN', 'CASH DELIVERY', 'CASH SUPERVISOR',
  'CHB Defense', 'CHB Settlement', 'CHB Supervision',
  'CHB_DEBTCOLLECTOR_PAR', 'CHB_DEBTCOLLECTOR_TOT', 'CHB_DEFENDER', 'CHB_SETTLER', 'CHB_SUPERVISOR',
  'CLL2_ADMIN', 'CLL2_SUPPORT', 'CRM_CLL2',
  'CRM2_ADMIN', 'CRM2_IMPERSONATOR', 'CRM2_LECTOR', 'CRM2_OPERADOR_USA', 'CRM2_SUPERVISOR', 'CRM2_SUPPORT',
  'CRM2_SALES_PROMOTER', 'CRM2_OPERATIONS_SPECIALIST',
  'CSCALL_OPERATOR', 'CSCALL_SUPERVISOR',
  'CUENTAS_COMPROMETIDAS', 'CUSTOMERS', 'LECTOR_CLL2', 'MARKETING', 'NO_VENDEDOR',
  'OPERATOR', 'OPERATOR_EXTERNAL', 'OPERATOR_PY', 'OPERATOR_USA', 'OPERATOR_UY',
  'RECARGA_OPERADOR_CUBA',
  'RETAIL', 'RETAIL_2120', 'RETAIL_BUSINESS', 'RETAIL_CUBA', 'RETAIL_PARENT_CUBA',
  'SUPERVISOR', 'SUPERVISOR_EXTERNAL', 'TESTER', 'TOPUP_SUPPORT', 'VENDEDOR', 'WEBMASTER', 'WEBSLAVE',
] as const;

/** Groups a staff member may assign to or remove from an account (spec details §6). */
export const ASSIGNABLE_GROUPS = [
  'CRM2_ADMIN', 'CRM2_IMPERSONATOR', 'CRM2_LECTOR', 'CRM2_OPERADOR_USA', 'CRM2_SUPERVISOR', 'CRM2_SUPPORT',
  'CRM2_SALES_PROMOTER', 'CUSTOMERS', 'RETAIL', 'VENDEDOR', 'OPERATOR', 'OPERATOR_EXTERNAL', 'SUPERVISOR',
  'CRM2_SUPERVISOR_EXTERNAL', 'CRM2_OPERATIONS_SPECIALIST', 'RECARGA_OPERADOR_CUBA', 'RETAIL_PARENT_CUBA',
  'CASH DELIVERY', 'CASH SUPERVISOR', 'PICKUP DELIVERY', 'PICKUP SUPERVISOR', 'SUPERVISOR_ENTREGAS', 'ENTREGAS',
  'TRAVEL AGENCY', 'PROMOTOR', 'RESTAURANT_MERCADO',
] as const;

export type FilterGroup = (typeof FILTER_GROUPS)[number];
export type AssignableGroup = (typeof ASSIGNABLE_GROUPS)[number];

export const GroupsMsg = {
  group: 'Debe indicar grupos de la lista.',
  none: 'Debe indicar al menos un grupo que asignar o quitar.',
  both: 'Un grupo no puede asignarse y quitarse a la vez.',
  unknown: (name: string) => `El grupo ${name} no existe.`,
  held: (name: string) => `El cliente ya tiene el grupo ${name}.`,
  notHeld: (name: string) => `El cliente no tiene el grupo ${name}.`,
  /** No escalation: a group is given or taken only by someone who holds every permission it carries. */
  beyond: (name: string) => `No puede asignar ni quitar el grupo ${name}: da permisos que usted no tiene.`,
} as const;

/** The permissions each group carries, by its name (a group that carries none is absent). */
export type GroupGrants = Readonly<Record<string, readonly string[]>>;

/**
 * No escalation: why a staff member holding `permissions` may neither give nor take a group (it
 * carries a permission they do not hold), or null. The account chart's guard and the groups form's
 * disabled choices read it.
 */
export function groupBeyond(grants: GroupGrants, permissions: readonly string[], name: string): string | null {
  return (grants[name] ?? []).some((p) => !permissions.includes(p)) ? GroupsMsg.beyond(name) : null;
}

/**
 * Why a change of a customer's groups is refused (a group beyond the staff member's permissions,
 * giving one held, taking one not held), or null: the account chart's guard and its text.
 */
export function groupsRefusal(
  facts: { groups: readonly string[]; grants: GroupGrants; permissions: readonly string[] },
  asked: { assingGroups: readonly string[]; unassingGroups: readonly string[] },
): string | null {
  for (const name of [...asked.assingGroups, ...asked.unassingGroups]) {
    const beyond = groupBeyond(facts.grants, facts.permissions, name);
    if (beyond) return beyond;
  }
  const already = asked.assingGroups.find((n) => facts.groups.includes(n));
  if (already) return GroupsMsg.held(already);
  const missing = asked.unassingGroups.find((n) => !facts.groups.includes(n));
  return missing ? GroupsMsg.notHeld(missing) : null;
}

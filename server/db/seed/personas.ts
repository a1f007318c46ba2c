import { ALL_PERMISSIONS, Permission, VIEW_PERMISSIONS, type PermissionName } from '@/domain/permissions';

/** The password of every demo staff account. */
export const DEMO_PASSWORD = 'demo1234';

export interface Persona {
  username: string;
  firstName: string;
  lastName: string;
  /** The spec's group the persona belongs to. */
  group: string;
  role: string;
  permissions: readonly PermissionName[];
}

const P = Permission;

/** The demo staff, each mapped onto one of the spec's group names. Everyone holds CRM_LOGIN. */
export const PERSONAS: readonly Persona[] = [
  {
    username: 'admin',
    firstName: 'Ana',
    lastName: 'Administradora',
    group: 'CRM2_ADMIN',
    role: 'Administración: todos los permisos',
    permissions: ALL_PERMISSIONS,
  },
  {
    username: 'soporte',
    firstName: 'Sergio',
    lastName: 'Soporte',
    group: 'CRM2_SUPPORT',
    role: 'Soporte al cliente',
    permissions: [...VIEW_PERMISSIONS, P.EDITOR, P.AGENT, P.DO_ACTION, P.REGISTER_WITHOUT_PIN, P.COMPENSATION_PAY, P.LOGIN, P.OPERADOR_USA],
  },
  {
    username: 'fraude',
    firstName: 'Fabiola',
    lastName: 'Fraude',
    group: 'CRM2_SUPERVISOR',
    role: 'Analista de fraude',
    permissions: [...VIEW_PERMISSIONS, P.EDITOR, P.FRAUD_COMPLETE, P.SUPER_ACTION, P.LOGIN],
  },
  {
    username: 'operaciones',
    firstName: 'Oscar',
    lastName: 'Operaciones',
    group: 'CRM2_OPERATIONS_SPECIALIST',
    role: 'Especialista de operaciones (remesas)',
    permissions: [P.VIEW_ORDERS, P.VIEW_ITEMS, P.EDITOR, P.OPERATIONS_SPECIALIST, P.MASSIVE_RETRY, P.LOGIN],
  },
  {
    username: 'entregas',
    firstName: 'Elena',
    lastName: 'Entregas',
    group: 'PICKUP DELIVERY',
    role: 'Entregas de efectivo',
    permissions: [P.VIEW_ORDERS, P.EDITOR, P.PICKUP_DELIVERY, P.LOGIN],
  },
  {
    username: 'lector',
    firstName: 'Luis',
    lastName: 'Lector',
    group: 'CRM2_LECTOR',
    role: 'Solo lectura',
    permissions: [...VIEW_PERMISSIONS, P.SETTINGS, P.LOGIN],
  },
  {
    username: 'sinacceso',
    firstName: 'Sofía',
    lastName: 'Sinacceso',
    group: 'TESTER',
    role: 'Solo inicio de sesión',
    permissions: [P.LOGIN],
  },
  {
    // A second specialist: the remittance queue is worked by several people at once (claims).
    username: 'remesas',
    firstName: 'Rosa',
    lastName: 'Remesas',
    group: 'CRM2_OPERATIONS_SPECIALIST',
    role: 'Especialista de operaciones (remesas)',
    permissions: [P.VIEW_ORDERS, P.VIEW_ITEMS, P.EDITOR, P.OPERATIONS_SPECIALIST, P.MASSIVE_RETRY, P.LOGIN],
  },
  {
    // QA audits every transition (issue 14 §7): reads everything, acts on nothing.
    username: 'qa',
    firstName: 'Quique',
    lastName: 'Auditor',
    group: 'CRM2_QA',
    role: 'QA: auditoría de transiciones',
    permissions: [...VIEW_PERMISSIONS, P.AUDIT, P.LOGIN],
  },
  {
    // The operations lead (issue 28): Supervisión (queue health, who holds what, work done) and
    // releasing someone's stale claim; reads everything, works no queue.
    username: 'jefe',
    firstName: 'Julia',
    lastName: 'Jefa',
    group: 'CRM2_OPERATIONS_LEAD',
    role: 'Responsable de operaciones: Supervisión',
    permissions: [...VIEW_PERMISSIONS, P.EDITOR, P.SUPERVISION, P.LOGIN],
  },
  {
    // Only the payments screen (issue 38): a charge order's every tab reads under CRM2_VIEW_UPG alone.
    username: 'pagos',
    firstName: 'Paula',
    lastName: 'Pagos',
    group: 'CHB_SUPERVISOR',
    role: 'Contracargos: solo Pagos UPG, lectura',
    permissions: [P.VIEW_UPG, P.LOGIN],
  },
  {
    // Only the calls screen (issue 38): a call's every tab reads under CRM2_VIEW_CALLS alone.
    username: 'llamadas',
    firstName: 'Lorenzo',
    lastName: 'Llamadas',
    group: 'CSCALL_OPERATOR',
    role: 'Centro de llamadas: solo Llamadas, lectura',
    permissions: [P.VIEW_CALLS, P.LOGIN],
  },
];

/**
 * The first demo customers (the ids right after the staff), the ones a newcomer opens first: each
 * shows rows in every tab that can have them (blacklist, KYC, documents, transfers in more than
 * one status), whatever the draws gave (issue 27).
 */
export const DEMO_CUSTOMERS = 3;

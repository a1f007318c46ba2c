import type { ComponentType, SVGProps } from 'react';
import {
  BellAlertIcon,
  CheckBadgeIcon,
  ChartBarSquareIcon,
  CreditCardIcon,
  CubeIcon,
  LifebuoyIcon,
  PhoneIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  Squares2X2Icon,
  UserGroupIcon,
} from '@heroicons/react/24/outline';
import { APPROVAL_READERS, Permission } from '@/domain/permissions';
import { t } from '@/i18n';

export interface NavEntry {
  to:
    | '/admin/dashboard'
    | '/admin/customers'
    | '/admin/orders'
    | '/admin/remittance-queue'
    | '/admin/risk-queue'
    | '/admin/approvals'
    | '/admin/transitions-audit'
    | '/admin/items'
    | '/admin/calls'
    | '/admin/payments'
    | '/admin/clients'
    | '/admin/extras';
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Hidden without this permission (spec: menu entries need their view permission). */
  permission: string | readonly string[] | null;
}

export const NAV: readonly NavEntry[] = [
  { to: '/admin/dashboard', label: t.menu.dashboard, icon: ChartBarSquareIcon, permission: null },
  { to: '/admin/customers', label: t.menu.customers, icon: UserGroupIcon, permission: Permission.VIEW_CUSTOMERS },
  { to: '/admin/orders', label: t.menu.orders, icon: ShoppingCartIcon, permission: Permission.VIEW_ORDERS },
  { to: '/admin/items', label: t.menu.items, icon: CubeIcon, permission: Permission.VIEW_ITEMS },
  { to: '/admin/remittance-queue', label: t.menu.remittanceQueue, icon: CubeIcon, permission: [Permission.OPERATIONS_SPECIALIST, Permission.PICKUP_DELIVERY] },
  { to: '/admin/risk-queue', label: t.menu.riskQueue, icon: BellAlertIcon, permission: Permission.FRAUD_COMPLETE },
  { to: '/admin/approvals', label: t.menu.approvals, icon: CheckBadgeIcon, permission: APPROVAL_READERS },
  { to: '/admin/transitions-audit', label: t.menu.audit, icon: ShieldCheckIcon, permission: Permission.AUDIT },
  { to: '/admin/calls', label: t.menu.calls, icon: PhoneIcon, permission: Permission.VIEW_CALLS },
  { to: '/admin/payments', label: t.menu.payments, icon: CreditCardIcon, permission: Permission.VIEW_UPG },
  { to: '/admin/clients', label: t.menu.clients, icon: LifebuoyIcon, permission: Permission.VIEW_RECOVER_CLIENTS },
  { to: '/admin/extras', label: t.menu.extras, icon: Squares2X2Icon, permission: Permission.VIEW_CUSTOMERS },
];

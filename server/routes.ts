import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from './deps';
import { lifecycleRoutes } from './lifecycle/mount';
import { FOUR_EYES, GATES, LIFECYCLES } from './lifecycles';
import { sessionRoutes } from './session/routes';
import { shellRoutes } from './shell/routes';
import { customerRoutes } from './customer/routes';
import { activityRoutes } from './activity/routes';
import { orderRoutes } from './order/routes';
import { itemRoutes } from './items/routes';
import { callRoutes } from './call/routes';
import { chargeOrderRoutes } from './charge-order/routes';
import { settingsRoutes } from './settings/routes';
import { extrasRoutes } from './extras/routes';
import { queueRoutes } from './queue/routes';
import { auditRoutes } from './audit/routes';
import { supervisionRoutes } from './supervision/routes';

/** A domain's routes: each module declares the contract's full paths it serves. */
export type RouteModule = (deps: AppDeps) => Hono<AppEnv>;

/**
 * Every route the reference server serves, by domain. The actions of every lifecycle come first,
 * from their action tables, through the gates, as server/lifecycles.ts composes them; then what each
 * domain reads (the queues' approvals list and the audit read the same composition). A new domain adds
 * one line here; a new action adds none (its row is served by `lifecycleRoutes`).
 */
export const ROUTE_MODULES: readonly RouteModule[] = [
  (deps) => lifecycleRoutes(deps, LIFECYCLES, GATES),
  sessionRoutes,
  shellRoutes,
  customerRoutes,
  activityRoutes,
  orderRoutes,
  itemRoutes,
  callRoutes,
  chargeOrderRoutes,
  settingsRoutes,
  extrasRoutes,
  (deps) => queueRoutes(deps, FOUR_EYES, GATES),
  (deps) => auditRoutes(deps, LIFECYCLES),
  (deps) => supervisionRoutes(deps, LIFECYCLES),
];

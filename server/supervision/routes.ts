import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok } from '../http';
import { requirePermission } from '../auth/middleware';
import { queueFigures } from './figures';
import { depthHistory, heldClaims, workDoneToday } from './activity';
import type { Binding } from '../lifecycle/binding';
import { SupervisionPaths, type Supervision } from '@/api/contract/supervision';
import { Permission } from '@/domain/permissions';
import { actionLabels } from '@/machines/lifecycle/labels';

/**
 * Supervisión (issue 28 §1): the lead's reads (CRM_SUPERVISION). The release of someone's claim is
 * a row of the claimRelease chart (src/machines/supervision/, server/supervision/release.ts), served
 * by the action tables.
 */
export function supervisionRoutes(deps: AppDeps, lifecycles: readonly Binding[]) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;
  const labelOf = actionLabels(lifecycles.map((b) => b.lifecycle));

  app.get(SupervisionPaths.figures, requirePermission(Permission.SUPERVISION), async (c) => {
    const now = deps.clock.now();
    const [figures, workDone] = await Promise.all([queueFigures(db, deps.config.slaHours, now, labelOf), workDoneToday(db, now, labelOf)]);
    const history = await depthHistory(db, figures.queues, now);
    const body: Supervision = { at: new Date(now).toISOString(), ...figures, workDone, history };
    return ok(c, body);
  });

  app.get(SupervisionPaths.claims, requirePermission(Permission.SUPERVISION), async (c) => ok(c, { elements: await heldClaims(db, deps.clock.now()) }));

  return app;
}

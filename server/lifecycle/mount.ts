import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../deps';
import { ApiError, badRequest, formBody, jsonBody, parse } from '../http';
import { assertPermissions, requireApiKey, requireBearer } from '../auth/middleware';
import { runRow, type RowAnswer } from './move';
import type { Binding, Gate } from './binding';
import { markOf, recordRefusal, waitingReason, type RefusedAt } from './refused';
import { API_KEY_CLIENTS } from '@/api/contract/clients';
import { Permission } from '@/domain/permissions';
import type { AnyRow, WireRequest } from '@/machines/lifecycle/table';

/**
 * Every row of every action table becomes a route of the contract, here and nowhere else: no
 * route file per action. Rows that share a path (update-status, refund/payment) share one route,
 * and the request's body says which row it is. Order of the checks: the api key and the bearer
 * token, then what every row of the path needs (403 before the body is read), the
 * request (400 with the Spanish text), then the generic move through the gates the composition root
 * gives (server/lifecycles.ts); an Idempotency-Key, on every route of the app, makes its transaction
 * a replayable step (server/lifecycle/idempotency.ts).
 *
 * Every refused attempt is recorded for QA (issue 40 §2), after the request's transaction, queued
 * and written in batches once the answers are out: a 403 (of the path, before the body: no entity nor state yet; or of the row, as
 * the mover marked it), the chart's 409 with its reason (the mover's mark: other 409s, a lost race,
 * a taken value, someone else's claim, are not the chart's) and a four-eyes wait (202). A 400 is
 * the request's shape, not a refusal: not recorded.
 */

interface Entry {
  binding: Binding;
  row: AnyRow;
}

/** What every row of a path needs whatever the request says: the editor flag and the permissions they all list. */
function commonNeeds(entries: readonly Entry[]): string[] {
  const lists = entries.map(({ row }) => (typeof row.permissions === 'function' ? [] : [...row.permissions, ...(row.bulk?.permissions ?? [])]));
  return [Permission.EDITOR, ...lists.reduce((shared, list) => shared.filter((p) => list.includes(p)))];
}

/** Hono needs distinct names for repeated parameters (`/zelle/:tenant/:tenant/...`). */
function serverPath(path: string): string {
  const seen = new Map<string, number>();
  return path.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? `:${name}` : `:${name}${n}`;
  });
}

const NoQuery = v.looseObject({});

export function lifecycleRoutes(deps: AppDeps, bindings: readonly Binding[], gates: readonly Gate[]) {
  const app = new Hono<AppEnv>();
  const groups = new Map<string, Entry[]>();
  for (const binding of bindings) {
    for (const row of binding.lifecycle.rows) {
      const key = `${row.wire.method} ${row.wire.path}`;
      groups.set(key, [...(groups.get(key) ?? []), { binding, row }]);
    }
  }
  for (const entries of groups.values()) {
    const { wire } = entries[0]!.row;
    if (entries.some(({ row }) => row.wire.body !== wire.body || row.wire.query !== wire.query)) {
      throw new Error(`Rows sharing ${wire.path} must share its query and body schemas`);
    }
    if (wire.method === 'GET' && (wire.body || wire.multipart)) throw new Error(`GET ${wire.path} carries no body`);
    const guards: MiddlewareHandler<AppEnv>[] = [];
    // /<service>/secured/* paths already get the bearer check from the app.
    if (!/^\/[^/]+\/secured\//.test(wire.path)) guards.push(requireBearer(deps));
    if (API_KEY_CLIENTS.includes(wire.client)) guards.push(requireApiKey(deps));
    const needed = commonNeeds(entries);
    /** Where a refusal of this path happened when the mover did not say: the row's chart, no entity read yet. */
    const pathPlace = (entry: Entry | undefined): RefusedAt => {
      const { binding, row } = entry ?? entries[0]!;
      const event = entry || entries.length === 1 ? row.event : null;
      return { chart: binding.lifecycle.name, docCode: binding.store.docCode, docId: null, entityId: null, state: null, event };
    };
    const recordRefused = (c: Context<AppEnv>, err: unknown, entry: Entry | undefined) => {
      if (!(err instanceof ApiError) || (err.status !== 403 && err.status !== 409)) return;
      const mark = markOf(err);
      // A 409 is recorded only where the chart refused (the mover marked it).
      if (err.status === 409 && !mark) return;
      const at = mark ?? pathPlace(entry);
      recordRefusal(deps, c.get('principal'), c.get('requestId') ?? null, { at, kind: err.status === 403 ? 'permission' : 'guard', reason: err.description });
    };
    guards.push(async (c, next) => {
      try {
        assertPermissions(c.get('principal'), needed);
      } catch (err) {
        recordRefused(c, err, undefined);
        throw err;
      }
      await next();
    });

    // An action is a POST, or a GET where the spec names one (Wire.method).
    app.on(wire.method, serverPath(wire.path), every(...guards), async (c) => {
      const body = wire.body ? parse(wire.body, wire.multipart ? await formBody(c) : await jsonBody(c)) : undefined;
      const request: WireRequest = { query: parse(wire.query ?? NoQuery, c.req.query()), body, params: c.req.param() };
      const entry = entries.find(({ row }) => !row.match || row.match(request));
      if (!entry) throw badRequest('La solicitud no corresponde a ninguna acción.');
      let answer: RowAnswer;
      try {
        if (entry.row.bulk) assertPermissions(c.get('principal'), entry.row.bulk.permissions);
        answer = await runRow(deps, gates, entry.binding, entry.row, request, c.get('principal'), c.get('requestId'));
      } catch (err) {
        recordRefused(c, err, entry);
        throw err;
      }
      // A gate answered instead (four-eyes: nothing was done yet, the request waits for a second person).
      if ('status' in answer) {
        recordRefusal(deps, c.get('principal'), c.get('requestId') ?? null, { at: answer.refused, kind: 'four-eyes', reason: () => waitingReason(answer.body) });
        return c.json(answer.body, answer.status);
      }
      return c.json({ code: entry.row.wire.successCode ?? 0, data: answer.data });
    });
  }
  return app;
}

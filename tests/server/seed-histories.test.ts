import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createTestServer, TEST_NOW, type TestServer } from '../support/server';
import { LIFECYCLES } from '../../server/lifecycles';
import { seededEntities } from '../../server/db/seed/histories';
import { ALL_PERMISSIONS } from '@/domain/permissions';
import { CREATION } from '@/domain/replay';
import { restoredChart } from '@/machines/lifecycle/restore';
import { holds, needs, rowFor } from '@/machines/lifecycle/table';

/**
 * Every seeded entity has a history from its first moment (issue 40 §4), on the test scale's
 * seed as every test server starts from it (SQLite, or PostgreSQL with TEST_DATABASE_URL): for
 * every chart, each entity's stored steps begin with its `created` moment and replay through
 * today's chart — each step restored from its stored facts is in its `from` state (the previous
 * step's `to`), its stored event is allowed there and leads to its `to` — and end in the state
 * the entity's row is in now; nothing is dated after the seed's clock, and each actor holds what
 * the step's row needs. This test's own replay, until the server's engine (server/audit/replay.ts)
 * is there to use.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const stateOf = (snapshot: AnyMachineSnapshot) => (typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value));
const everyone = [...ALL_PERMISSIONS];

interface Stored {
  doc_code: string;
  doc_id: string;
  entity_id: string;
  from_state: string;
  event: string;
  to_state: string;
  event_data: string | null;
  facts_before: string | null;
  actor_id: number;
  at: string;
  request_id: string | null;
}

/** Each staff account's permissions, as its groups give them in the database. */
async function staffPermissions(): Promise<Map<number, string[]>> {
  const rows = await server.db.kysely
    .selectFrom('account_groups as ag')
    .innerJoin('group_permissions as gp', 'gp.group_id', 'ag.group_id')
    .innerJoin('permissions as p', 'p.id', 'gp.permission_id')
    .innerJoin('accounts as a', 'a.id', 'ag.account_id')
    .select(['ag.account_id', 'p.name'])
    .where('a.is_staff', '=', 1)
    .execute();
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.account_id, [...(out.get(r.account_id) ?? []), r.name]);
  return out;
}

/** What is wrong with one entity's stored steps (none when its history replays to its state now). */
function replayed(chart: (typeof LIFECYCLES)[number], steps: readonly Stored[], now: string, staff: Map<number, string[]>): string[] {
  const { machine, rows } = chart.lifecycle;
  const wrong: string[] = [];
  const [first, ...moves] = steps;
  if (!first || first.from_state !== CREATION.from || first.event !== CREATION.event) return [`does not start with its created moment (${first?.from_state} ${first?.event})`];
  const born = restoredChart(machine, { ...(JSON.parse(first.facts_before ?? '{}') as object), permissions: everyone });
  if (stateOf(born) !== first.to_state) wrong.push(`created in ${first.to_state} but its facts restore ${stateOf(born)}`);
  let at = first.at;
  let state = first.to_state;
  for (const [i, step] of steps.entries()) {
    if (step.at > new Date(TEST_NOW).toISOString()) wrong.push(`step ${i} at ${step.at}, after the seed's clock`);
    if (step.at < at) wrong.push(`step ${i} at ${step.at}, before the step it follows`);
    if (step.request_id !== null) wrong.push(`step ${i} has a request id`);
    at = step.at;
  }
  for (const [i, step] of moves.entries()) {
    if (step.from_state !== state) wrong.push(`move ${i + 1} from ${step.from_state}, the previous ended in ${state}`);
    const facts = JSON.parse(step.facts_before ?? '{}') as Record<string, unknown>;
    const before = restoredChart(machine, { ...facts, permissions: everyone });
    const event = JSON.parse(step.event_data ?? 'null') as EventObject | null;
    if (stateOf(before) !== step.from_state) wrong.push(`move ${i + 1}: its facts restore ${stateOf(before)}, not ${step.from_state}`);
    if (!event || event.type !== step.event || !before.can(event)) {
      wrong.push(`move ${i + 1}: ${step.event} not allowed in ${stateOf(before)}`);
      break;
    }
    const after = stateOf(transition(machine, before, event)[0]);
    if (after !== step.to_state) wrong.push(`move ${i + 1}: ${step.event} leads to ${after}, stored ${step.to_state}`);
    const row = rowFor(rows, event.type);
    if (!row || !holds(staff.get(step.actor_id) ?? [], needs(row, event, facts))) wrong.push(`move ${i + 1}: actor ${step.actor_id} lacks what ${step.event} needs`);
    state = step.to_state;
  }
  if (state !== now) wrong.push(`ends in ${state}, the entity is in ${now}`);
  return wrong;
}

describe('every seeded entity has a history from its first moment', () => {
  it('for every chart, each entity starts created, replays step by step through its chart, ends in its state now; nothing after the clock; actors hold the rows', async () => {
    const staff = await staffPermissions();
    const wrong: string[] = [];
    let histories = 0;
    let moves = 0;
    for (const chart of LIFECYCLES) {
      const stored = (await server.db.kysely
        .selectFrom('transitions')
        .select(['doc_code', 'doc_id', 'entity_id', 'from_state', 'event', 'to_state', 'event_data', 'facts_before', 'actor_id', 'at', 'request_id'])
        .where('chart', '=', chart.lifecycle.name)
        .orderBy('entity_id')
        .orderBy('id')
        .execute()) as Stored[];
      const byEntity = new Map<string, Stored[]>();
      for (const step of stored) byEntity.set(step.entity_id, [...(byEntity.get(step.entity_id) ?? []), step]);
      for await (const { entity, state } of seededEntities(server.db.kysely, chart, TEST_NOW)) {
        const steps = byEntity.get(entity);
        byEntity.delete(entity);
        if (!steps) {
          wrong.push(`${chart.lifecycle.name} ${entity}: no history`);
          continue;
        }
        histories++;
        moves += steps.length - 1;
        for (const w of replayed(chart, steps, state, staff)) wrong.push(`${chart.lifecycle.name} ${entity}: ${w}`);
      }
      for (const entity of byEntity.keys()) wrong.push(`${chart.lifecycle.name} ${entity}: a history of no seeded entity`);
    }
    expect(wrong.slice(0, 30)).toEqual([]);
    // The seed's histories are more than first moments: some entities were moved by the console's people.
    expect(histories).toBeGreaterThan(1000);
    expect(moves).toBeGreaterThan(100);
  });
});

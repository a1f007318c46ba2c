import { afterAll, beforeAll, describe } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestServer, sendRow, TEST_NOW, type TestServer } from '../support/server';
import { blacklistEntryModel, claimReleaseModel, docActivityModel, recipientEntryModel, smsPrefixModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import { rowFor, type AnyLifecycle } from '@/machines/lifecycle/table';
import { blacklistEntry, recipientEntry } from '@/machines/settings/list-entry.machine';
import { smsPrefix } from '@/machines/settings/sms-prefix.machine';
import { claimRelease } from '@/machines/supervision/claim-release.machine';
import { docActivity } from '@/machines/activity/doc-activity.machine';
import { iso } from '../../server/clock';
import { releaseInput } from '../../server/supervision/release';
import type { DocSubject } from '@/machines/activity/doc-activity.actions';

/**
 * The charts of Settings' lists, of a document's notes and of the lead's release walked through the
 * reference server: each row's request as the console sends it, 200 and the stored state where the
 * chart allows, 409 with the chart's reason and nothing changed where it refuses.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'jefe', 'remesas'], { tokens, accountOf });
});
afterAll(() => server.close());

const send = (lifecycle: AnyLifecycle, event: EventObject, subject: unknown, payload: unknown, persona = 'admin') =>
  sendRow(server, rowFor(lifecycle.rows, event.type)!, subject, payload, tokens[persona]!, { accountId: accountOf[persona]! });
const logCount = async () => Number((await k().selectFrom('action_logs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

interface Entry {
  type: string;
  value: string;
}

for (const [model, lifecycle, table] of [
  [blacklistEntryModel, blacklistEntry, 'blacklist_entries'],
  [recipientEntryModel, recipientEntry, 'blacklist_recipients'],
] as const) {
  const row = (e: Entry) => k().selectFrom(table).select('id').where('type', '=', e.type).where('value', '=', e.value).executeTakeFirst();
  describe(`the ${lifecycle.name} chart through the server`, () => {
    walkAgainstServer<Entry>({
      model,
      // The model's value in the model's state (the refusals name it).
      async reset(input) {
        const entry = { type: String(input.kind), value: String(input.value) };
        await k().deleteFrom(table).where('type', '=', entry.type).where('value', '=', entry.value).execute();
        if (input.status === 'listed') {
          const created = iso(TEST_NOW);
          if (table === 'blacklist_entries') await k().insertInto(table).values({ ...entry, created, account_id: null }).execute();
          else await k().insertInto(table).values({ ...entry, created, expires_on: null }).execute();
        }
        return entry;
      },
      send: (entry, event) => send(lifecycle, event, event.type === 'entry.add' ? null : entry, entry),
      stateOf: async (entry) => ((await row(entry)) ? 'listed' : 'absent'),
      observe: async (entry) => [Boolean(await row(entry)), await logCount()],
      idOf: () => 0,
    });
  });
}

describe('the smsPrefix chart through the server', () => {
  const provider = (prefix: string) => k().selectFrom('sms_configs').select('provider').where('prefix', '=', prefix).executeTakeFirst();
  walkAgainstServer<{ prefix: string }>({
    model: smsPrefixModel,
    async reset(input) {
      const prefix = String(input.prefix);
      await k().deleteFrom('sms_configs').where('prefix', '=', prefix).execute();
      if (input.provider) await k().insertInto('sms_configs').values({ prefix, provider: String(input.provider) }).execute();
      return { prefix };
    },
    send: (entity, event) => {
      const named = (event as { provider?: string }).provider ?? 'TWILIO';
      const subject = { prefix: entity.prefix, token: server.config.smsToken };
      return send(smsPrefix, event, subject, { prefix: entity.prefix, provider: named });
    },
    stateOf: async (entity) => ((await provider(entity.prefix)) ? 'configured' : 'absent'),
    observe: async (entity) => [(await provider(entity.prefix))?.provider ?? null, await logCount()],
    idOf: () => 0,
    // "Agregar prefijo" and "Cambiar" send one request, which sets the provider whether the prefix is new or not: only the console tells them apart.
    refusable: (_entity, event) => !(event.type === 'sms.update' && 'creating' in event),
  });
});

describe('the claimRelease chart through the server', () => {
  let item: { id: number; orderId: number } | null = null;
  const stored = (id: number) => k().selectFrom('claims').selectAll().where('kind', '=', 'item').where('entity_id', '=', id).executeTakeFirst();
  walkAgainstServer<{ id: number; orderId: number }>({
    model: claimReleaseModel,
    async reset(input) {
      item ??= await k().selectFrom('order_items').select(['id', 'order_id as orderId']).orderBy('id').executeTakeFirstOrThrow();
      await k().deleteFrom('claims').where('kind', '=', 'item').where('entity_id', '=', item.id).execute();
      if (input.status !== 'free') {
        await k()
          .insertInto('claims')
          .values({
            kind: 'item',
            entity_id: item.id,
            holder_id: accountOf.remesas!,
            holder_name: 'Rosa Remesas',
            claimed_at: iso(TEST_NOW),
            expires_at: iso(TEST_NOW + 10 * 60_000),
            revoked_by_name: input.status === 'revoked' ? 'Julia Jefa' : null,
            revoked_at: input.status === 'revoked' ? iso(TEST_NOW) : null,
          })
          .execute();
      }
      return item;
    },
    send: (entity, event) => send(claimRelease, event, { kind: 'item', id: entity.id, holderName: 'Rosa Remesas' }, undefined, 'jefe'),
    stateOf: async (entity) => releaseInput(await stored(entity.id), server.clock.now()).status,
    observe: async (entity) => [await stored(entity.id), await logCount()],
    idOf: () => 0,
  });
});

describe('the docActivity chart through the server', () => {
  const notes = () => k().selectFrom('notes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  walkAgainstServer<DocSubject>({
    model: docActivityModel,
    // A call has no notes (the contract's note documents are orders, customers and charge orders).
    select: (sets) => sets.filter((set) => set.input.docCode !== 'CALL'),
    async reset(input) {
      if (input.docCode === 'ORDER') {
        const order = await k().selectFrom('orders').select(['id', 'account_id']).orderBy('id').executeTakeFirstOrThrow();
        return { docCode: 'ORDER', docId: order.id, accountId: order.account_id };
      }
      if (input.docCode === 'UPG') {
        const charge = await k().selectFrom('charge_orders').select(['id', 'account_id']).orderBy('id').executeTakeFirstOrThrow();
        return { docCode: 'UPG', docId: charge.id, accountId: charge.account_id };
      }
      const account = await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).orderBy('id').executeTakeFirstOrThrow();
      return { docCode: 'CUSTOMER', docId: account.id, accountId: account.id };
    },
    send: (doc, event) =>
      event.type === 'note.create'
        ? send(docActivity, event, doc, 'Nota del recorrido')
        : send(docActivity, event, doc, { docCode: doc.docCode, docId: String(doc.docId), action: 'walk.step', description: 'Paso del recorrido' }),
    stateOf: async () => 'open',
    observe: async () => [await notes(), await logCount()],
    idOf: () => 0,
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { createTestServer, sendRow, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { cardModel } from '../support/lifecycles';
import { walkAgainstServer } from '../support/server-walk';
import { PaymentMethodResponse } from '@/api/contract/customer-cards';
import { CardMsg, CardRefused, cardStatus, PAPERS } from '@/domain/cards';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { rowFor } from '@/machines/lifecycle/table';
import { savedCard } from '@/machines/customer/card.machine';

/**
 * A customer's saved card through the reference server: every row of the card's table walked from
 * every state (200 and the stored state where the chart allows, 409 with the row's reason and
 * nothing changed where it refuses), then the verification charge a gateway refuses, the papers
 * asked at another address, permissions, another customer's card and two clicks at once.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['admin', 'soporte', 'fraude', 'lector'], { tokens, accountOf });
});
afterAll(() => server.close());

interface CardFixture {
  id: number;
  accountId: number;
  firstSix: string;
  lastFour: string;
}

let pool: CardFixture[] = [];
let next = 0;

/** A seeded card, set to a state of the model, not expired (each walk takes its own). */
async function cardIn(input: { status?: unknown; visible?: unknown; paymentSystem?: unknown }): Promise<CardFixture> {
  if (pool.length === 0) pool = await k().selectFrom('payment_methods').select(['id', 'account_id as accountId', 'first_six as firstSix', 'last_four as lastFour']).orderBy('id').limit(100).execute();
  const fixture = pool[next++ % pool.length]!;
  const status = String(input.status);
  await k()
    .updateTable('payment_methods')
    .set({
      verified: status === 'verified' ? 1 : 0,
      papers_verification_status: status === 'papersRequested' ? PAPERS.requested : status === 'denied' ? PAPERS.denied : null,
      last_cents_vigente: status === 'started' ? 1 : 0,
      is_visible: input.visible === false ? 0 : 1,
      // The model's gateway, else the seeded one (7, Cualquiera): a walk may have changed it.
      payment_system: typeof input.paymentSystem === 'number' ? input.paymentSystem : 7,
      expiration_year: 2030,
    })
    .where('id', '=', fixture.id)
    .execute();
  return fixture;
}

const stored = (f: CardFixture) => k().selectFrom('payment_methods').selectAll().where('id', '=', f.id).executeTakeFirstOrThrow();
const logsOf = (accountId: number) => k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(accountId)).orderBy('id').execute();
async function observe(f: CardFixture) {
  return { card: await stored(f), logs: (await logsOf(f.accountId)).length };
}
const send = (event: string, f: CardFixture, persona = 'admin', payload: unknown = undefined) =>
  sendRow(server, rowFor(savedCard.rows, event)!, f, payload, tokens[persona]!, { accountId: accountOf[persona]! });

describe('the card chart through the server', () => {
  walkAgainstServer<CardFixture>({
    model: cardModel,
    reset: (input) => cardIn(input),
    // The card's gateway is the model's where an event names one: its own where the chart refuses
    // it, another where it takes it (the button's event, naming none, moved it elsewhere).
    prepare: async (f, event, refused) => {
      const asked = (event as { paymentSystem?: number }).paymentSystem;
      if (event.type !== 'card.gateway' || asked === undefined) return;
      const now = (await stored(f)).payment_system;
      if (refused !== (now === asked)) await k().updateTable('payment_methods').set({ payment_system: refused ? asked : 13 }).where('id', '=', f.id).execute();
    },
    // A gateway change names the model's gateway, or (the button's event) another one than the card's.
    send: async (f, event: EventObject) => {
      const asked = (event as { paymentSystem?: number }).paymentSystem;
      return send(event.type, f, 'admin', event.type === 'card.gateway' ? { paymentSystem: asked ?? ((await stored(f)).payment_system === 13 ? 12 : 13) } : undefined);
    },
    stateOf: async (f) => {
      const r = await stored(f);
      return cardStatus({ verified: r.verified === 1, papersVerificationStatus: r.papers_verification_status, lastCentsVigente: r.last_cents_vigente === 1 });
    },
    matches: async (f, state) => expect((await stored(f)).is_visible === 1).toBe((state.context as { visible: boolean }).visible),
    observe,
    idOf: (f) => f.id,
  });
});

describe('card verification', () => {
  it('papers: asked at another address (the outbox keeps the mail), then answered Verificado X Papeles; each step logged', async () => {
    const f = await cardIn({ status: 'unverified' });
    await json(PaymentMethodResponse, await send('card.requestPapers', f, 'soporte', { emailForced: 'otra@correo.example' }));
    const mail = await k().selectFrom('outbox_messages').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(f.accountId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect([mail.channel, mail.address]).toEqual(['EMAIL', 'otra@correo.example']);
    const { data } = await json(PaymentMethodResponse, await send('card.papersVerifiedByPapers', f, 'soporte'));
    expect([data.verified, data.papersVerificationStatus]).toEqual([true, PAPERS.verifiedByPapers]);
    const logs = (await logsOf(f.accountId)).slice(-2);
    expect(logs.map((l) => l.action)).toEqual(['card.card.requestPapers', 'card.card.papersVerifiedByPapers']);
    expect(logs[1]!.description).toBe(`Verificación por papeles: tarjeta ${f.firstSix}******${f.lastFour} (${f.id}): ${PAPERS.verifiedByPapers}`);
  });

  it("a verification charge the gateway refuses (expired card) logs ' - Verificacion fallida.' and moves nothing", async () => {
    const f = await cardIn({ status: 'unverified' });
    await k().updateTable('payment_methods').set({ expiration_year: 2020 }).where('id', '=', f.id).execute();
    const before = await stored(f);
    const response = await send('card.init', f, 'soporte');
    expect(response.status).toBe(200);
    expect(await stored(f)).toEqual(before);
    expect((await logsOf(f.accountId)).at(-1)!.description).toBe(`Tarjeta ${f.firstSix}******${f.lastFour} (${f.id}) - Verificacion fallida. Tarjeta vencida.`);
  });

  it("refuses another customer's card (404), a bad e-mail (400), a reader and a user without CRM7_DO_ACTION (403): nothing changes", async () => {
    const f = await cardIn({ status: 'unverified' });
    const before = await observe(f);
    await expectError(await send('card.verify', { ...f, accountId: f.accountId + 1 }), 404, 'not_found', CardRefused.notFound(f.id, f.accountId + 1));
    await expectError(await send('card.requestPapers', f, 'admin', { emailForced: 'no-es-correo' }), 400, 'invalid_request', CardMsg.email);
    await expectError(await send('card.verify', f, 'lector'), 403, 'access_denied', Msg.notReader);
    await expectError(await send('card.verify', f, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    expect(await observe(f)).toEqual(before);
  });

  it('two clicks at once verify once: one 200, one 409, one log row', async () => {
    const f = await cardIn({ status: 'started' });
    const logs = (await logsOf(f.accountId)).length;
    const answers = await Promise.all([send('card.verify', f), send('card.verify', f, 'soporte')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await logsOf(f.accountId)).length).toBe(logs + 1);
  });
});

describe('change gateway (CRM2_SUPER_ACTION)', () => {
  it('sets another §9 gateway on the card, whatever its verification; the tab shows it; the log holds the codes', async () => {
    const f = await cardIn({ status: 'papersRequested' });
    expect((await stored(f)).payment_system).toBe(7);
    const { data } = await json(PaymentMethodResponse, await send('card.gateway', f, 'fraude', { paymentSystem: 13 }));
    expect([data.paymentSystem, data.papersVerificationStatus]).toEqual([13, PAPERS.requested]);
    const log = (await logsOf(f.accountId)).at(-1)!;
    expect(log.action).toBe('card.card.gateway');
    expect(JSON.parse(log.input!)).toEqual({ paymentSystem: { before: 7, after: 13 } });
    expect(log.description).toBe(`Pasarela de la tarjeta ${f.firstSix}******${f.lastFour} (${f.id}): Cualquiera → Stripe`);
  });

  it("refuses the current gateway with the spec's text (the chart's 409), and a code off the list; nothing changes, nothing is logged", async () => {
    const f = await cardIn({ status: 'verified' });
    await json(PaymentMethodResponse, await send('card.gateway', f, 'fraude', { paymentSystem: 12 }));
    const before = await observe(f);
    await expectError(await send('card.gateway', f, 'fraude', { paymentSystem: 12 }), 409, 'conflict', CardMsg.sameGateway);
    await expectError(await send('card.gateway', f, 'fraude', { paymentSystem: 11 }), 400, 'invalid_request', CardMsg.gateway);
    expect(await observe(f)).toEqual(before);
  });

  it("needs CRM2_SUPER_ACTION; another customer's card is not found; nothing changes", async () => {
    const f = await cardIn({ status: 'unverified' });
    const before = await observe(f);
    await expectError(await send('card.gateway', f, 'soporte', { paymentSystem: 1 }), 403, 'access_denied', Msg.missingPermission(Permission.SUPER_ACTION));
    await expectError(await send('card.gateway', f, 'lector', { paymentSystem: 1 }), 403, 'access_denied', Msg.notReader);
    const other = await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('id', '!=', f.accountId).executeTakeFirstOrThrow();
    await expectError(await send('card.gateway', { ...f, accountId: other.id }, 'fraude', { paymentSystem: 1 }), 404, 'not_found');
    expect(await observe(f)).toEqual(before);
  });
});

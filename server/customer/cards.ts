import { bind, bodyOf, type Store } from '../lifecycle/binding';
import { changedMeanwhile, notFound } from '../refusals';
import { iso } from '../clock';
import { paymentMethodOfId } from './customer-history';
import type { CardGatewayBody, CardPapersRequestBody } from '@/api/contract/customer-cards';
import { paymentSystemName } from '@/domain/catalog';
import { cardName, CardRefused, cardStatus, PAPERS } from '@/domain/cards';
import { savedCard } from '@/machines/customer/card.machine';
import { signedAs } from '../deps';

/**
 * A customer's saved card: where the card chart's moves are written. A card is named by its
 * customer and its id (another customer's card is not found). The verification charge is the
 * gateway's: the reference server charges a few cents the customer must confirm, and refuses an
 * expired card (the log says ' - Verificacion fallida.' and nothing moves).
 */

type Key = { accountId: number; id: number };
type CardRecord = { id: number; account_id: number; first_six: string; last_four: string; expiration_month: number; expiration_year: number; verified: number; papers_verification_status: string | null; last_cents_vigente: number; is_visible: number; payment_system: number; version: number };

/** What each answer to the papers stores (statusPapers 1, 2 or 3). */
const PAPERS_ANSWER: Record<string, string> = { 'card.papersVerified': PAPERS.verified, 'card.papersVerifiedByPapers': PAPERS.verifiedByPapers, 'card.papersDenied': PAPERS.denied };

const named = (r: CardRecord) => cardName({ id: r.id, firstSix: r.first_six, lastFour: r.last_four });

const cardStore: Store<CardRecord, Key> = {
  docCode: 'CUSTOM',
  docId: (r) => String(r.account_id),
  idOf: (r) => r.id,
  async find(trx, key) {
    const record = await trx
      .selectFrom('payment_methods')
      .select(['id', 'account_id', 'first_six', 'last_four', 'expiration_month', 'expiration_year', 'verified', 'papers_verification_status', 'last_cents_vigente', 'is_visible', 'payment_system', 'version'])
      .where('id', '=', key.id)
      .executeTakeFirst();
    if (!record || record.account_id !== key.accountId) throw notFound(CardRefused.notFound(key.id, key.accountId));
    return [record];
  },
  input: async (_trx, r) => ({
    status: cardStatus({ verified: r.verified === 1, papersVerificationStatus: r.papers_verification_status, lastCentsVigente: r.last_cents_vigente === 1 }),
    visible: r.is_visible === 1,
    paymentSystem: r.payment_system,
  }),
  async save(trx, move, ctx) {
    const to = move.to;
    // The papers' answer is the event's; asking for papers leaves them Requested; hiding or showing
    // keeps them; any other move of the verification clears them.
    const papers = PAPERS_ANSWER[move.event.type] ?? (to === 'papersRequested' ? PAPERS.requested : to === move.from ? move.record.papers_verification_status : null);
    const updated = await trx
      .updateTable('payment_methods')
      .set({
        verified: to === 'verified' ? 1 : 0,
        ...(to === 'verified' && move.record.verified === 0 ? { last_verify_date: iso(ctx.now) } : {}),
        papers_verification_status: papers,
        last_cents_vigente: to === 'started' ? 1 : 0,
        is_visible: move.context.visible ? 1 : 0,
        version: move.record.version + 1,
      })
      .where('id', '=', move.record.id)
      .where('version', '=', move.record.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(CardRefused.concurrent);
  },
};

export const cardBinding = bind<CardRecord, Key>({
  lifecycle: savedCard,
  store: cardStore,
  handlers: {
    // The test charge: a few cents the customer confirms; an expired card is refused by the gateway.
    init: {
      async perform({ trx, ctx, record }) {
        const now = new Date(ctx.now);
        const expired = record.expiration_year < now.getUTCFullYear() || (record.expiration_year === now.getUTCFullYear() && record.expiration_month < now.getUTCMonth() + 1);
        if (expired) {
          await trx
            .insertInto('action_logs')
            .values({ doc_code: 'CUSTOM', doc_id: String(record.account_id), action: 'card.card.init', description: `Tarjeta ${named(record)}${CardRefused.failed} Tarjeta vencida.`, canal: 'CRM', input: null, executor_id: ctx.principal.accountId, executor_email: signedAs(ctx.principal), date: iso(ctx.now) })
            .execute();
          return { description: '', stay: true };
        }
        const cents = 1 + (record.id % 98);
        await trx.updateTable('payment_methods').set({ cents, cents_tries: 0, last_cents_date: iso(ctx.now) }).where('id', '=', record.id).execute();
        return { description: `Verificación iniciada: tarjeta ${named(record)}`, before: { cents: null }, after: { cents } };
      },
    },
    requestPapers: {
      async perform({ trx, ctx, record, request }) {
        const body = bodyOf<CardPapersRequestBody>(request);
        const account = await trx.selectFrom('accounts').select('email').where('id', '=', record.account_id).executeTakeFirstOrThrow();
        const to = body.emailForced || account.email;
        if (to) {
          await trx
            .insertInto('outbox_messages')
            .values({ channel: 'EMAIL', address: to, subject: 'Verificación de su tarjeta', body: `Envíenos una foto de su identificación y de la tarjeta terminada en ${record.last_four}.`, doc_code: 'CUSTOM', doc_id: String(record.account_id), created: iso(ctx.now) })
            .execute();
        }
        return { description: `Papeles pedidos: tarjeta ${named(record)}${to ? ` a ${to}` : ''}`, before: { papers: record.papers_verification_status }, after: { papers: PAPERS.requested, email: to ?? null } };
      },
    },
    gateway: {
      async perform({ trx, record, request }) {
        // The chart refused the gateway the card has already.
        const { paymentSystem } = bodyOf<CardGatewayBody>(request);
        await trx.updateTable('payment_methods').set({ payment_system: paymentSystem }).where('id', '=', record.id).execute();
        return {
          description: `Pasarela de la tarjeta ${named(record)}: ${paymentSystemName(record.payment_system)} → ${paymentSystemName(paymentSystem)}`,
          before: { paymentSystem: record.payment_system },
          after: { paymentSystem },
        };
      },
    },
    papers: {
      async perform({ record, event }) {
        const answer = PAPERS_ANSWER[event.type] ?? PAPERS.verified;
        return { description: `Verificación por papeles: tarjeta ${named(record)}: ${answer}`, before: { papers: record.papers_verification_status }, after: { papers: answer } };
      },
    },
  },
  describe: (row, record) => `${row.label}: tarjeta ${named(record)}`,
  answer: async (results, _request, ctx) => {
    const moved = results[0];
    return moved ? paymentMethodOfId(ctx.db, moved.record.id) : null;
  },
});

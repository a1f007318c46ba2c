import { Msg } from '@/domain/messages';
import { CardBody, CardGatewayBody, CardHideQuery, CardPapersBody, CardPapersRequestBody } from '@/api/contract/customer-cards';
import { paymentSystemName } from '@/domain/catalog';
import { PaymentMethod } from '@/api/contract/customer-detail';
import { cardName, CardRefused, PAPERS_STATUS } from '@/domain/cards';
import { Permission } from '@/domain/permissions';
import { cardText } from '@/i18n/es-cards';
import { rowOf } from '@/machines/lifecycle/table';
import { gatewayForm, papersForm } from './card.form';

/**
 * A customer's saved card (spec details §4 "Card", §7 "Card admin"): its verification (start the
 * verification charge, verify or unverify by hand, ask for papers and answer them) and its
 * visibility. Support work (CRM7_DO_ACTION); hidden from readers like every card action.
 */

export type CardEvent =
  | { type: 'card.init' }
  | { type: 'card.verify' }
  | { type: 'card.unverify' }
  | { type: 'card.requestPapers' }
  | { type: 'card.papersVerified' }
  | { type: 'card.papersVerifiedByPapers' }
  | { type: 'card.papersDenied' }
  | { type: 'card.hide' }
  | { type: 'card.restore' }
  /** The gateway asked (absent: the button, which may ask any). */
  | { type: 'card.gateway'; paymentSystem?: number };

export interface CardContext {
  status: string;
  visible: boolean;
  /** The gateway the card's charges go through now (§9 code): 'Cambiar pasarela' opens with it, and refuses it. */
  paymentSystem: number;
  permissions: readonly string[];
}

export interface CardSubject {
  accountId: number;
  id: number;
  firstSix: string;
  lastFour: string;
}

const row = rowOf<CardEvent, CardContext, CardSubject>();
const text = cardText;
const ask = (action: string) => (s: CardSubject) => text.question(action, cardName(s), s.accountId);
const card = (s: CardSubject) => ({ body: { accountId: s.accountId, paymentMethodId: s.id } });
const byBody = (r: { body: { accountId: number; paymentMethodId: number } }) => [{ accountId: r.body.accountId, id: r.body.paymentMethodId }];
const byQuery = (r: { query: CardHideQuery }) => [{ accountId: r.query.accountId, id: r.query.paymentMethodById }];
const ADMIN = '/customer/secured/verify/admin';
const PAPERS_PATH = `${ADMIN}/creditCardWithPapers`;
const HIDE = '/customer/secured/paymentmethod/customerspecific/hide';
const DO = [Permission.DO_ACTION];

/** One answer to the papers: the same call, its statusPapers says which. */
const papersRow = (event: 'card.papersVerified' | 'card.papersVerifiedByPapers' | 'card.papersDenied', label: string, statusPapers: 1 | 2 | 3) =>
  row({
    event,
    label,
    variant: statusPapers === PAPERS_STATUS.denied ? 'danger' : 'primary',
    permissions: DO,
    confirm: (s) => text.question(text.papersAnswer(label), cardName(s), s.accountId),
    success: { text: (s) => text.papersDone(cardName(s), label) },
    refused: CardRefused.noPapers,
    wire: { client: 'customer', method: 'POST', path: PAPERS_PATH, body: CardPapersBody, data: PaymentMethod },
    request: (s) => ({ body: { accountId: s.accountId, paymentMethodId: s.id, statusPapers } }),
    match: (r) => r.body.statusPapers === statusPapers,
    targets: byBody,
    handler: 'papers',
  });

/** Hide or restore: the same call, its isVisible says which. */
const visibilityRow = (event: 'card.hide' | 'card.restore', label: string, isVisible: 'true' | 'false', refused: string) =>
  row({
    event,
    label,
    variant: 'secondary',
    permissions: DO,
    confirm: ask(label),
    success: { text: (s) => (isVisible === 'true' ? text.restored(cardName(s)) : text.hidden(cardName(s))) },
    refused,
    wire: { client: 'customer', method: 'POST', path: HIDE, query: CardHideQuery, data: PaymentMethod },
    request: (s) => ({ query: { accountId: s.accountId, paymentMethodById: s.id, isVisible } }),
    match: (r) => r.query.isVisible === isVisible,
    targets: byQuery,
  });

export const cardActions = [
  row({
    event: 'card.init',
    label: text.init,
    permissions: DO,
    confirm: ask(text.init),
    success: { title: Msg.requested, text: (s) => text.started(cardName(s)) },
    refused: CardRefused.init,
    wire: { client: 'customer', method: 'POST', path: `${ADMIN}/init`, body: CardBody, data: PaymentMethod },
    request: card,
    targets: byBody,
    handler: 'init',
  }),
  row({
    event: 'card.verify',
    label: text.verify,
    permissions: DO,
    confirm: ask(text.verify),
    success: { text: (s) => text.verified(cardName(s)) },
    refused: (c) => (c.status === 'papersRequested' ? CardRefused.papersPending : CardRefused.verified),
    wire: { client: 'customer', method: 'POST', path: `${ADMIN}/creditCard`, body: CardBody, data: PaymentMethod },
    request: card,
    targets: byBody,
  }),
  row({
    event: 'card.unverify',
    label: text.unverify,
    variant: 'danger',
    permissions: DO,
    confirm: ask(text.unverify),
    success: { text: (s) => text.unverified(cardName(s)) },
    refused: CardRefused.notVerified,
    wire: { client: 'customer', method: 'POST', path: '/customer/secured/unverify/admin/creditCard', body: CardBody, data: PaymentMethod },
    request: card,
    targets: byBody,
  }),
  row({
    event: 'card.requestPapers',
    form: papersForm,
    label: text.requestPapers,
    variant: 'secondary',
    permissions: DO,
    confirm: ask(text.requestPapers),
    success: { title: Msg.requested, text: (s) => text.papersRequested(cardName(s)) },
    refused: (c) => (c.status === 'papersRequested' ? CardRefused.papersPending : CardRefused.papers),
    wire: { client: 'customer', method: 'POST', path: `${ADMIN}/requestPapers`, body: CardPapersRequestBody, data: PaymentMethod },
    request: (s, form: { emailForced?: string | null }) => ({ body: { accountId: s.accountId, paymentMethodId: s.id, emailForced: form?.emailForced ?? null } }),
    targets: byBody,
    handler: 'requestPapers',
  }),
  papersRow('card.papersVerified', text.papersVerified, PAPERS_STATUS.verified),
  papersRow('card.papersVerifiedByPapers', text.papersVerifiedByPapers, PAPERS_STATUS.verifiedByPapers),
  papersRow('card.papersDenied', text.papersDenied, PAPERS_STATUS.denied),
  visibilityRow('card.hide', text.hide, 'false', CardRefused.hidden),
  visibilityRow('card.restore', text.restore, 'true', CardRefused.visible),
  row({
    event: 'card.gateway',
    form: gatewayForm,
    label: text.gateway,
    variant: 'secondary',
    permissions: [Permission.SUPER_ACTION],
    confirm: (s, form: { paymentSystem: number }) => text.gatewayQuestion(cardName(s), paymentSystemName(form.paymentSystem), s.accountId),
    success: { title: Msg.modified, text: (s, card: PaymentMethod) => text.gatewayDone(cardName(s), paymentSystemName(card.paymentSystem)) },
    refused: CardRefused.concurrent,
    wire: { client: 'customer', method: 'POST', path: '/customer/secured/paymentsystem/customer', body: CardGatewayBody, data: PaymentMethod },
    request: (s, form: { paymentSystem: number }) => ({ body: { customerId: s.accountId, paymentSystem: form.paymentSystem, paymentMethodCCGateway: s.id } }),
    targets: (r) => [{ accountId: r.body.customerId, id: r.body.paymentMethodCCGateway }],
    eventOf: (r) => ({ type: 'card.gateway', paymentSystem: r.body.paymentSystem }),
    handler: 'gateway',
  }),
];

import { checkBody } from '@/api/contract/check';
import { CardGatewayBody, CardPapersRequestBody } from '@/api/contract/customer-cards';
import { PAYMENT_SYSTEMS } from '@/domain/catalog';
import { cardText } from '@/i18n/es-cards';
import { formOf } from '@/machines/lifecycle/form';

/** What the card's forms open with, as the Tarjetas tab read the card (the chart's context). */
export interface CardFacts {
  /** The gateway its charges go through now (§9 code). */
  paymentSystem?: number;
}

/** The card as its rows name it. */
interface CardOf {
  accountId: number;
  id: number;
}

const form = formOf<CardFacts, CardOf>();
const GATEWAYS = PAYMENT_SYSTEMS.map((p) => ({ value: String(p.code), label: `${p.code} ${p.name}` }));

/** 'Pedir papeles': the customer's own e-mail (left empty), or another one to ask at. */
export const papersForm = form({
  title: cardText.papersTitle,
  id: (s) => `card-${s.id}`,
  fields: [{ kind: 'text', type: 'email', name: 'emailForced', id: 'email', label: cardText.emailForced }],
  initial: () => ({ emailForced: '' }),
  validate: (f, _c, s) => {
    const checked = checkBody(CardPapersRequestBody, { accountId: s.accountId, paymentMethodId: s.id, emailForced: f.emailForced });
    if (!checked.ok) return checked;
    const email = checked.payload.emailForced ?? '';
    return { ok: true, payload: { emailForced: email === '' ? null : email } };
  },
});

/** 'Cambiar pasarela': a gateway of §9, opened at the card's own (which the chart refuses). */
export const gatewayForm = form({
  title: cardText.gatewayTitle,
  id: (s) => `card-${s.id}`,
  fields: [{ kind: 'select', name: 'paymentSystem', id: 'gateway', label: cardText.gatewayLabel, options: GATEWAYS }],
  initial: (c) => ({ paymentSystem: String(c.paymentSystem ?? '') }),
  validate: (f, _c, s) => {
    const checked = checkBody(CardGatewayBody, { customerId: s.accountId, paymentSystem: Number(f.paymentSystem), paymentMethodCCGateway: s.id });
    return checked.ok ? { ok: true, payload: { paymentSystem: checked.payload.paymentSystem } } : checked;
  },
});

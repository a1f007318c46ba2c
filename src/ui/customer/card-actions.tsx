import type { PaymentMethod } from '@/api/contract/customer-detail';
import { CardMsg, cardName } from '@/domain/cards';
import { savedCard } from '@/machines/customer/card.machine';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { cardCaption } from '@/domain/format';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import { InputField, SelectField } from '@/ui/fields';
import { PAYMENT_SYSTEMS } from '@/domain/catalog';
import { cardText } from '@/i18n/es-cards';

/** 'Pedir papeles': the customer's own e-mail, or another one to ask at. */
const papersForm = (card: PaymentMethod) =>
  chartForm<{ emailForced: string }, { emailForced: string | null }>({
    title: cardText.papersTitle,
    initial: () => ({ emailForced: '' }),
    validate: (form) => {
      const email = form.emailForced.trim();
      if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { ok: false, message: CardMsg.email };
      return { ok: true, payload: { emailForced: email === '' ? null : email } };
    },
    fields: (form, change) => <InputField id={`card-${card.id}-email`} label={cardText.emailForced} type="email" autoComplete="off" value={form.emailForced} onChange={(e) => change({ emailForced: e.target.value })} />,
  });

/** 'Cambiar pasarela': another gateway of §9 (the current one is refused). */
const gatewayForm = (card: PaymentMethod) =>
  chartForm<{ paymentSystem: string }, { paymentSystem: number }>({
    title: cardText.gatewayTitle,
    initial: () => ({ paymentSystem: String(card.paymentSystem) }),
    validate: (form) => (Number(form.paymentSystem) === card.paymentSystem ? { ok: false, message: CardMsg.sameGateway } : { ok: true, payload: { paymentSystem: Number(form.paymentSystem) } }),
    fields: (form, change) => (
      <SelectField id={`card-${card.id}-gateway`} label={cardText.gatewayLabel} value={form.paymentSystem} options={PAYMENT_SYSTEMS.map((p) => ({ value: String(p.code), label: `${p.code} ${p.name}` }))} onChange={(e) => change({ paymentSystem: e.target.value })} />
    ),
  });

/** A card's actions in the Tarjetas tab: what the card's chart offers this staff member now. */
export function CardActionsCell({ card, onChanged }: { card: PaymentMethod; onChanged: () => void }) {
  const name = cardName(card);
  // Both charts as the server restores them (the card read carries their snapshots).
  const part = snapshotPart(card.charts, {
    lifecycle: savedCard,
    subject: { accountId: card.accountId, id: card.id, firstSix: card.firstSix, lastFour: card.lastFour },
    forms: { 'card.requestPapers': papersForm(card), 'card.gateway': gatewayForm(card) },
  });
  // The card on the blacklist: the same chart as the order's payment elements.
  const listing = snapshotPart(card.charts, {
    lifecycle: customerBlacklist,
    subject: { accountId: card.accountId, kind: 'CARD', value: card.uniqueNumberIdentifier, caption: cardCaption(card.firstSix, card.lastFour) },
  });
  return <ChartActions label={cardText.group(name)} parts={[part, listing]} onDone={onChanged} onFailed={onChanged} buttonName={(row) => `${row.label} ${name}`} />;
}

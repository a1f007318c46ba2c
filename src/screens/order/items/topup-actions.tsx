import { ActionBar } from '@/ui/action-bar';
import { transition } from 'xstate';
import type { Offer, OfferItem } from '@/api/contract/order-detail';
import type { OrderRow } from '@/api/contract/order-lists';
import { changeTopupStatus, editTopupDestination, processItemNow, reclaimTopup, resetTopupTries } from '@/api/topup';
import { topupItemMachine, type TopupItemEvent } from '@/machines/items/topup.machine';
import { claimEvent, claimKindOf, topupClaimMachine } from '@/machines/items/topup-claim.machine';
import { CLAIM_KINDS, TOPUP_TARGET_STATUSES, TopupMsg, checkDestination, normalizeDestination, type ClaimKind, type TopupTargetStatus } from '@/domain/topup';
import { useServices } from '@/ui/session';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { InputField, SelectField } from '@/ui/fields';
import { topupText } from '@/i18n/es-topup';
import { useItemChart } from './use-item-chart';

export interface TopupActionsProps {
  order: OrderRow;
  offer: Offer;
  item: OfferItem;
  /** The item's claims once loaded (the claim chart needs how many there are). */
  claims: number | null;
  offerExpired: boolean;
  /** Reload the order, its tabs and the panel's tables after a change. */
  onChanged: () => void;
}

/**
 * The actions of a top-up: which buttons show is the topupItem chart's answer (and the claims'
 * chart for "Reclamar") for this item and this staff member. The flows live here, so their
 * dialogs outlive a button the action itself removes.
 */
export function TopupActions({ order, offer, item, claims, offerExpired, onChanged }: TopupActionsProps) {
  const services = useServices();
  const chart = useItemChart(topupItemMachine, item.status, { offerExpired });
  const claimChart = useItemChart(topupClaimMachine, item.status, { claims: claims ?? 0 });
  const id = item.id;
  const nauta = item.productType === 'TOPUP_NAUTA';
  const can = (event: TopupItemEvent) => chart.can(event);
  const targets = TOPUP_TARGET_STATUSES.filter((status) => can({ type: 'item.changeStatus', status }));
  // The claim the form offers is the next one: a second asked before the first would make the first.
  const claimKinds = claims === null ? [] : CLAIM_KINDS.filter((kind) => claimChart.can(claimEvent(kind)) && claimKindOf(transition(topupClaimMachine, claimChart.snapshot, claimEvent(kind))[0].value) === kind);

  const edit = useFormAction<{ destination: string; fulfillNow: boolean }, { destination: string; fulfillNow: boolean }>({
    title: topupText.edit.title(id),
    description: nauta ? topupText.edit.hintNauta : topupText.edit.hintPhone,
    initial: () => ({ destination: item.orderData.destination ?? '', fulfillNow: false }),
    validate: ({ destination, fulfillNow }) => {
      const problem = checkDestination(item.productType, destination);
      return problem ? { ok: false, message: problem } : { ok: true, payload: { destination: normalizeDestination(item.productType, destination), fulfillNow } };
    },
    perform: async (payload) => {
      const result = await editTopupDestination(services.orders, { fulfillmentOrderId: offer.id, ...payload });
      return result.trace ? topupText.attempt(result.item.status, result.trace.statusDetail) : topupText.edit.later(result.item.destination ?? '');
    },
    successTitle: topupText.modified,
    onDone: onChanged,
    children: (form, change) => (
      <>
        <InputField
          id={`topup-destination-${id}`}
          label={topupText.edit.destination}
          type={nauta ? 'email' : 'tel'}
          value={form.destination}
          onChange={(e) => change({ destination: e.target.value })}
          autoComplete="off"
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.fulfillNow} onChange={(e) => change({ fulfillNow: e.target.checked })} />
          {topupText.edit.fulfillNow}
        </label>
      </>
    ),
  });

  const process = useConfirmAction({
    successTitle: topupText.requested,
    perform: async () => {
      const result = await processItemNow(services.orders, order.id, id);
      return topupText.attempt(result.item.status, result.trace?.statusDetail ?? null);
    },
    onDone: onChanged,
  });

  const status = useFormAction<{ status: string }, TopupTargetStatus>({
    title: topupText.status.title(id),
    initial: () => ({ status: '' }),
    validate: ({ status: chosen }) => {
      const target = TOPUP_TARGET_STATUSES.find((s) => s === chosen);
      return target ? { ok: true, payload: target } : { ok: false, message: topupText.status.required };
    },
    perform: async (target) => {
      const result = await changeTopupStatus(services.orders, id, target);
      return topupText.status.text(result.item.status);
    },
    successTitle: topupText.modified,
    onDone: onChanged,
    children: (form, change) => (
      <SelectField
        id={`topup-status-${id}`}
        label={topupText.status.label}
        emptyLabel={topupText.status.choose}
        options={targets.map((value) => ({ value, label: topupText.status.options[value] ?? value }))}
        value={form.status}
        onChange={(e) => change({ status: e.target.value })}
      />
    ),
  });

  const reset = useFormAction<{ fulfillNow: boolean }, boolean>({
    title: topupText.reset.title(id),
    description: (
      <>
        {offerExpired ? <strong className="block text-amber-800">{TopupMsg.offerExpired}</strong> : null}
        {topupText.reset.hint}
      </>
    ),
    initial: () => ({ fulfillNow: false }),
    validate: ({ fulfillNow }) => ({ ok: true, payload: fulfillNow }),
    perform: async (fulfillNow) => {
      const result = await resetTopupTries(services.orders, offer.id, fulfillNow);
      return result.trace ? topupText.attempt(result.item.status, result.trace.statusDetail) : topupText.reset.text(result.item.status);
    },
    successTitle: topupText.done,
    onDone: onChanged,
    children: (form, change) => (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.fulfillNow} onChange={(e) => change({ fulfillNow: e.target.checked })} />
        {topupText.reset.fulfillNow}
      </label>
    ),
  });

  const claim = useFormAction<{ kind: ClaimKind; note: string }, { kind: ClaimKind; note: string }>({
    title: topupText.claim.title(id),
    initial: () => ({ kind: claimKinds[0] ?? 'FIRST', note: '' }),
    validate: ({ kind, note }) => (note.trim() === '' ? { ok: false, message: TopupMsg.claimRequired } : { ok: true, payload: { kind, note: note.trim() } }),
    perform: async ({ kind, note }) => {
      const result = await reclaimTopup(services.orders, id, kind, note);
      return topupText.claim.text(result.claim.label);
    },
    successTitle: topupText.claimCreated,
    onDone: onChanged,
    children: (form, change) => (
      <>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">{topupText.claim.kind}</legend>
          {claimKinds.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`topup-claim-${id}`} checked={form.kind === kind} onChange={() => change({ kind })} />
              {topupText.claim.kinds[kind]}
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor={`topup-claim-note-${id}`} className="block text-xs font-medium text-slate-600">
            {topupText.claim.note}
          </label>
          <textarea
            id={`topup-claim-note-${id}`}
            rows={3}
            maxLength={500}
            value={form.note}
            onChange={(e) => change({ note: e.target.value })}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm focus:border-brand-500"
          />
        </div>
      </>
    ),
  });

  const buttons = [
    { key: 'edit', label: topupText.edit.button, shown: can({ type: 'item.editDestination' }), onClick: edit.open },
    { key: 'process', label: topupText.process.button, shown: can({ type: 'item.fulfill', outcome: 'delivered' }), onClick: () => process.start(null) },
    { key: 'status', label: topupText.status.button, shown: targets.length > 0, onClick: status.open },
    { key: 'reset', label: topupText.reset.button, shown: can({ type: 'item.resetTries' }), onClick: reset.open },
    { key: 'claim', label: topupText.claim.button, shown: can({ type: 'item.reclaim' }) && claimKinds.length > 0, onClick: claim.open },
  ].filter((button) => button.shown);

  return (
    <>
      <ActionBar label={topupText.panel.group(id)} actions={buttons} />
      {edit.dialogs}
      {process.dialogs}
      {status.dialogs}
      {reset.dialogs}
      {claim.dialogs}
    </>
  );
}

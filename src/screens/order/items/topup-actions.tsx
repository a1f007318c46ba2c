import { ActionBar } from '@/ui/action-bar';
import { transition } from 'xstate';
import type { Offer, OfferItem } from '@/api/contract/order-detail';
import type { OrderRow } from '@/api/contract/order-lists';
import { changeTopupStatus, editTopupDestination, processItemNow, reclaimTopup, resetTopupTries } from '@/api/topup';
import { topupItemMachine, type TopupItemEvent } from '@/machines/topup-item.machine';
import { claimEvent, claimKindOf, topupClaimMachine } from '@/machines/topup-claim.machine';
import { CLAIM_KINDS, TOPUP_TARGET_STATUSES, TopupMsg, checkDestination, normalizeDestination, type ClaimKind, type TopupTargetStatus } from '@/domain/topup';
import { useServices } from '@/app/context';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { InputField, SelectField } from '@/ui/fields';
import { tt } from '@/i18n/es-topup';
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
    title: tt.edit.title(id),
    description: nauta ? tt.edit.hintNauta : tt.edit.hintPhone,
    initial: () => ({ destination: item.orderData.destination ?? '', fulfillNow: false }),
    validate: ({ destination, fulfillNow }) => {
      const problem = checkDestination(item.productType, destination);
      return problem ? { ok: false, message: problem } : { ok: true, payload: { destination: normalizeDestination(item.productType, destination), fulfillNow } };
    },
    perform: async (payload) => {
      const result = await editTopupDestination(services.orders, { fulfillmentOrderId: offer.id, ...payload });
      return result.trace ? tt.attempt(result.item.status, result.trace.statusDetail) : tt.edit.later(result.item.destination ?? '');
    },
    successTitle: tt.modified,
    onDone: onChanged,
    children: (form, change) => (
      <>
        <InputField
          id={`topup-destination-${id}`}
          label={tt.edit.destination}
          type={nauta ? 'email' : 'tel'}
          value={form.destination}
          onChange={(e) => change({ destination: e.target.value })}
          autoComplete="off"
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.fulfillNow} onChange={(e) => change({ fulfillNow: e.target.checked })} />
          {tt.edit.fulfillNow}
        </label>
      </>
    ),
  });

  const process = useConfirmAction({
    successTitle: tt.requested,
    perform: async () => {
      const result = await processItemNow(services.orders, order.id, id);
      return tt.attempt(result.item.status, result.trace?.statusDetail ?? null);
    },
    onDone: onChanged,
  });

  const status = useFormAction<{ status: string }, TopupTargetStatus>({
    title: tt.status.title(id),
    initial: () => ({ status: '' }),
    validate: ({ status: chosen }) => {
      const target = TOPUP_TARGET_STATUSES.find((s) => s === chosen);
      return target ? { ok: true, payload: target } : { ok: false, message: tt.status.required };
    },
    perform: async (target) => {
      const result = await changeTopupStatus(services.orders, id, target);
      return tt.status.text(result.item.status);
    },
    successTitle: tt.modified,
    onDone: onChanged,
    children: (form, change) => (
      <SelectField
        id={`topup-status-${id}`}
        label={tt.status.label}
        emptyLabel={tt.status.choose}
        options={targets.map((value) => ({ value, label: tt.status.options[value] ?? value }))}
        value={form.status}
        onChange={(e) => change({ status: e.target.value })}
      />
    ),
  });

  const reset = useFormAction<{ fulfillNow: boolean }, boolean>({
    title: tt.reset.title(id),
    description: (
      <>
        {offerExpired ? <strong className="block text-amber-800">{TopupMsg.offerExpired}</strong> : null}
        {tt.reset.hint}
      </>
    ),
    initial: () => ({ fulfillNow: false }),
    validate: ({ fulfillNow }) => ({ ok: true, payload: fulfillNow }),
    perform: async (fulfillNow) => {
      const result = await resetTopupTries(services.orders, offer.id, fulfillNow);
      return result.trace ? tt.attempt(result.item.status, result.trace.statusDetail) : tt.reset.text(result.item.status);
    },
    successTitle: tt.done,
    onDone: onChanged,
    children: (form, change) => (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={form.fulfillNow} onChange={(e) => change({ fulfillNow: e.target.checked })} />
        {tt.reset.fulfillNow}
      </label>
    ),
  });

  const claim = useFormAction<{ kind: ClaimKind; note: string }, { kind: ClaimKind; note: string }>({
    title: tt.claim.title(id),
    initial: () => ({ kind: claimKinds[0] ?? 'FIRST', note: '' }),
    validate: ({ kind, note }) => (note.trim() === '' ? { ok: false, message: TopupMsg.claimRequired } : { ok: true, payload: { kind, note: note.trim() } }),
    perform: async ({ kind, note }) => {
      const result = await reclaimTopup(services.orders, id, kind, note);
      return tt.claim.text(result.claim.label);
    },
    successTitle: tt.claimCreated,
    onDone: onChanged,
    children: (form, change) => (
      <>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">{tt.claim.kind}</legend>
          {claimKinds.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`topup-claim-${id}`} checked={form.kind === kind} onChange={() => change({ kind })} />
              {tt.claim.kinds[kind]}
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor={`topup-claim-note-${id}`} className="block text-xs font-medium text-slate-600">
            {tt.claim.note}
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
    { key: 'edit', label: tt.edit.button, shown: can({ type: 'item.editDestination' }), onClick: edit.open },
    { key: 'process', label: tt.process.button, shown: can({ type: 'item.fulfill', outcome: 'delivered' }), onClick: () => process.start(null) },
    { key: 'status', label: tt.status.button, shown: targets.length > 0, onClick: status.open },
    { key: 'reset', label: tt.reset.button, shown: can({ type: 'item.resetTries' }), onClick: reset.open },
    { key: 'claim', label: tt.claim.button, shown: can({ type: 'item.reclaim' }) && claimKinds.length > 0, onClick: claim.open },
  ].filter((button) => button.shown);

  return (
    <>
      <ActionBar label={tt.panel.group(id)} actions={buttons} />
      {edit.dialogs}
      {process.dialogs}
      {status.dialogs}
      {reset.dialogs}
      {claim.dialogs}
    </>
  );
}

import type { Offer } from '@/api/contract/order-detail';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { nextClaim } from '@/machines/items/topup-claim.actions';
import { TOPUP_TARGET_STATUSES, TopupMsg, checkDestination, claimLabel, normalizeDestination, type TopupTargetStatus } from '@/domain/topup';
import { inputOf } from '@/api/contract/chart-snapshot';
import { ChartActions, chartForm, snapshotPart, useAllowedProbes } from '@/ui/chart-actions';
import { CheckboxField, InputField, SelectField, TextAreaField, bound } from '@/ui/fields';
import { topupText } from '@/i18n/es-topup';
import { itemSubject, type ItemPanelProps } from './item-types';

export interface TopupActionsProps extends ItemPanelProps {
  offer: Offer;
}

/**
 * The actions of a top-up: the top-up's table (edit, deliver now, change status, reset tries)
 * and the claims' table ("Reclamar"), in one group. Both charts, and what the forms say of them
 * (an expired offer, the claim made next), are the item's snapshots as the server restores them.
 */
export function TopupActions(props: TopupActionsProps) {
  const { item, onChanged } = props;
  const id = item.id;
  const nauta = item.productType === 'TOPUP_NAUTA';
  const input = inputOf(item.charts, topupItem.name);
  const offerExpired = input.offerExpired === true;
  const counted = inputOf(item.charts, topupClaim.name).claims;
  const claims = typeof counted === 'number' ? counted : null;
  const targets = useAllowedProbes(topupItem, input, 'item.changeStatus').map((e) => (e as unknown as { status: TopupTargetStatus }).status);

  const forms = {
    'item.editDestination': chartForm<{ destination: string; fulfillNow: boolean }, { destination: string; fulfillNow: boolean }>({
      title: topupText.edit.title(id),
      description: nauta ? topupText.edit.hintNauta : topupText.edit.hintPhone,
      initial: () => ({ destination: item.orderData.destination ?? '', fulfillNow: false }),
      validate: ({ destination, fulfillNow }) => {
        const problem = checkDestination(item.productType, destination);
        return problem ? { ok: false, message: problem } : { ok: true, payload: { destination: normalizeDestination(item.productType, destination), fulfillNow } };
      },
      fields: (form, change) => (
        <>
          <InputField id={`topup-destination-${id}`} label={topupText.edit.destination} type={nauta ? 'email' : 'tel'} {...bound(form, change, 'destination')} autoComplete="off" />
          <CheckboxField id={`topup-fulfill-now-${id}`} label={topupText.edit.fulfillNow} checked={form.fulfillNow} onChange={(fulfillNow) => change({ fulfillNow })} />
        </>
      ),
    }),
    'item.changeStatus': chartForm<{ status: string }, TopupTargetStatus>({
      title: topupText.status.title(id),
      initial: () => ({ status: '' }),
      validate: ({ status }) => {
        const target = TOPUP_TARGET_STATUSES.find((s) => s === status);
        return target ? { ok: true, payload: target } : { ok: false, message: topupText.status.required };
      },
      fields: (form, change) => (
        <SelectField
          id={`topup-status-${id}`}
          label={topupText.status.label}
          emptyLabel={topupText.status.choose}
          options={targets.map((value) => ({ value, label: topupText.status.options[value] ?? value }))}
          value={form.status}
          onChange={(e) => change({ status: e.target.value })}
        />
      ),
    }),
    'item.resetTries': chartForm<{ fulfillNow: boolean }, boolean>({
      title: topupText.reset.title(id),
      description: (
        <>
          {offerExpired ? <strong className="block text-amber-800">{TopupMsg.offerExpired}</strong> : null}
          {topupText.reset.hint}
        </>
      ),
      initial: () => ({ fulfillNow: false }),
      validate: ({ fulfillNow }) => ({ ok: true, payload: fulfillNow }),
      fields: (form, change) => (
        <CheckboxField id={`topup-reset-fulfill-now-${id}`} label={topupText.reset.fulfillNow} checked={form.fulfillNow} onChange={(fulfillNow) => change({ fulfillNow })} />
      ),
    }),
  };
  const claimForms = {
    'claim.add': chartForm<{ note: string }, string>({
      title: topupText.claim.title(id),
      // The claim made is the next one: a second asked before the first would make the first.
      description: topupText.claim.next(claimLabel(nextClaim(claims ?? 0))),
      initial: () => ({ note: '' }),
      validate: ({ note }) => (note.trim() === '' ? { ok: false, message: TopupMsg.claimRequired } : { ok: true, payload: note.trim() }),
      fields: (form, change) => (
        <TextAreaField id={`topup-claim-note-${id}`} label={topupText.claim.note} rows={3} maxLength={500} value={form.note} onChange={(e) => change({ note: e.target.value })} />
      ),
    }),
  };

  const subject = itemSubject(props);
  return (
    <ChartActions
      label={topupText.panel.group(id)}
      parts={[
        snapshotPart(item.charts, { lifecycle: topupItem, subject, forms }),
        ...(claims === null ? [] : [snapshotPart(item.charts, { lifecycle: topupClaim, subject: { ...subject, claims }, forms: claimForms })]),
      ]}
      onDone={onChanged}
    />
  );
}

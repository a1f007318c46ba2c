import { ActionBar } from '@/ui/action-bar';
import { Fragment, type ReactNode } from 'react';
import type { OfferItem } from '@/api/contract/order-detail';
import { checkBody } from '@/api/contract/check';
import { PrepaidUpdateBody, type PrepaidCard } from '@/api/contract/prepaid-gift';
import { approvePrepaidCard, updatePrepaidCard } from '@/api/prepaid-gift';
import { prepaidCardItemMachine, type PrepaidCardEvent } from '@/machines/items/prepaid-card.machine';
import { useServices } from '@/ui/session';
import { useConfirmAction, useFormAction } from '@/ui/action-button';
import { InputField } from '@/ui/fields';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { PlaceFields, type Place } from './place-fields';
import { useItemChart } from './use-item-chart';

interface DestinationForm {
  folio: string;
  recipientFullName: string;
  recipientPhoneNumber: string;
  place: Place;
  recipientNeighborhood: string;
  recipientAddress: string;
  recipientInstruction: string;
}

export interface PrepaidActionsProps {
  /** The offer the card belongs to: the approval names it (foid). */
  offerId: number;
  item: OfferItem;
  /** The card's destination; null when it has none to edit. */
  card: PrepaidCard | null;
  onChanged: () => void;
}

/**
 * A prepaid card's actions as its chart allows them for this staff member: approve (OPEN or
 * MANUAL) and edit the destination (until the card has a courier). The flows outlive their buttons.
 */
export function PrepaidActions({ offerId, item, card, onChanged }: PrepaidActionsProps) {
  const services = useServices();
  const { can } = useItemChart(prepaidCardItemMachine, item.status);
  const id = item.id;
  const field = (name: string) => `prepaid-${id}-${name}`;

  const approve = useConfirmAction({
    successTitle: pickupPrepaidText.approved,
    perform: async () => {
      await approvePrepaidCard(services.orders, offerId);
      return pickupPrepaidText.prepaid.approveText(id);
    },
    onDone: onChanged,
  });

  const edit = useFormAction<DestinationForm, PrepaidUpdateBody>({
    title: pickupPrepaidText.prepaid.editTitle(id),
    initial: () => ({
      folio: card?.folio ?? '',
      recipientFullName: card?.recipientFullName ?? '',
      recipientPhoneNumber: card?.recipientPhoneNumber ?? '',
      place: {
        provinceCode: card?.recipientCityCode ?? '',
        province: card?.recipientCity ?? '',
        municipalityCode: card?.recipientMunicipalityCode ?? '',
        municipality: card?.recipientMunicipality ?? '',
      },
      recipientNeighborhood: card?.recipientNeighborhood ?? '',
      recipientAddress: card?.recipientAddress ?? '',
      recipientInstruction: card?.recipientInstruction ?? '',
    }),
    validate: ({ place, ...form }) => checkBody(PrepaidUpdateBody, { ...form, recipientCity: place.province, recipientMunicipality: place.municipality }),
    perform: async (body) => {
      await updatePrepaidCard(services.orders, id, body);
      return pickupPrepaidText.prepaid.editText(id);
    },
    successTitle: pickupPrepaidText.modified,
    onDone: onChanged,
    children: (form, change) => (
      <>
        <InputField id={field('folio')} label={pickupPrepaidText.prepaid.folio} value={form.folio} onChange={(e) => change({ folio: e.target.value })} autoComplete="off" />
        <InputField id={field('name')} label={pickupPrepaidText.prepaid.recipientFullName} value={form.recipientFullName} onChange={(e) => change({ recipientFullName: e.target.value })} autoComplete="off" />
        <InputField id={field('phone')} label={pickupPrepaidText.prepaid.recipientPhoneNumber} inputMode="tel" value={form.recipientPhoneNumber} onChange={(e) => change({ recipientPhoneNumber: e.target.value })} autoComplete="off" />
        <PlaceFields idPrefix={field('place')} productType="PREPAID_CARD" value={form.place} onChange={(place) => change({ place })} />
        <InputField id={field('neighborhood')} label={pickupPrepaidText.prepaid.neighborhood} value={form.recipientNeighborhood} onChange={(e) => change({ recipientNeighborhood: e.target.value })} autoComplete="off" />
        <InputField id={field('address')} label={pickupPrepaidText.prepaid.address} value={form.recipientAddress} onChange={(e) => change({ recipientAddress: e.target.value })} autoComplete="off" />
        <InputField id={field('instruction')} label={pickupPrepaidText.prepaid.instruction} value={form.recipientInstruction} onChange={(e) => change({ recipientInstruction: e.target.value })} autoComplete="off" />
      </>
    ),
  });

  const buttons: { event: PrepaidCardEvent['type']; label: string; variant: 'primary' | 'secondary'; shown: boolean; onClick: () => void; dialogs: ReactNode }[] = [
    { event: 'item.approve', label: pickupPrepaidText.prepaid.approve, variant: 'primary', shown: true, onClick: () => approve.start(null), dialogs: approve.dialogs },
    // Without a stored destination there is nothing to edit.
    { event: 'item.editDestination', label: pickupPrepaidText.prepaid.editDestination, variant: 'secondary', shown: card !== null, onClick: edit.open, dialogs: edit.dialogs },
  ];
  const shown = buttons.filter((b) => b.shown && can({ type: b.event }));

  return (
    <>
      <ActionBar label={pickupPrepaidText.group(id)} actions={shown.map((b) => ({ ...b, key: b.event }))} />
      {buttons.map((b) => (
        <Fragment key={b.event}>{b.dialogs}</Fragment>
      ))}
    </>
  );
}

import { checkBody } from '@/api/contract/check';
import { PrepaidUpdateBody, type PrepaidCard } from '@/api/contract/prepaid-gift';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import { InputField, bound } from '@/ui/fields';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { PlaceFields, type Place } from '@/ui/place-fields';
import { itemSubject, type ItemPanelProps } from './item-types';

interface DestinationForm {
  folio: string;
  recipientFullName: string;
  recipientPhoneNumber: string;
  place: Place;
  recipientNeighborhood: string;
  recipientAddress: string;
  recipientInstruction: string;
}

export interface PrepaidActionsProps extends ItemPanelProps {
  /** The card's destination; null when it has none to edit. */
  card: PrepaidCard | null;
}

const text = pickupPrepaidText.prepaid;

/** A prepaid card's actions, as its table offers them: approve, and edit the destination until the card has a courier. */
export function PrepaidActions(props: PrepaidActionsProps) {
  const { item, card, onChanged } = props;
  const id = item.id;
  const field = (name: string) => `prepaid-${id}-${name}`;

  const forms = {
    'item.editDestination': chartForm<DestinationForm, PrepaidUpdateBody>({
      title: text.editTitle(id),
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
      fields: (form, change) => (
        <>
          <InputField id={field('folio')} label={text.folio} {...bound(form, change, 'folio')} autoComplete="off" />
          <InputField id={field('name')} label={text.recipientFullName} {...bound(form, change, 'recipientFullName')} autoComplete="off" />
          <InputField id={field('phone')} label={text.recipientPhoneNumber} inputMode="tel" {...bound(form, change, 'recipientPhoneNumber')} autoComplete="off" />
          <PlaceFields idPrefix={field('place')} productType="PREPAID_CARD" value={form.place} onChange={(place) => change({ place })} />
          <InputField id={field('neighborhood')} label={text.neighborhood} {...bound(form, change, 'recipientNeighborhood')} autoComplete="off" />
          <InputField id={field('address')} label={text.address} {...bound(form, change, 'recipientAddress')} autoComplete="off" />
          <InputField id={field('instruction')} label={text.instruction} {...bound(form, change, 'recipientInstruction')} autoComplete="off" />
        </>
      ),
    }),
  };

  return (
    <ChartActions
      label={pickupPrepaidText.group(id)}
      parts={[snapshotPart(props.item.charts, { lifecycle: prepaidCard, subject: itemSubject(props), forms })]}
      onDone={onChanged}
    />
  );
}

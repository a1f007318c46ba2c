import { checkBody } from '@/api/contract/check';
import { PrepaidUpdateBody, type PrepaidCard } from '@/api/contract/prepaid-gift';
import { pickupPrepaidText } from '@/i18n/es-pickup-prepaid';
import { formOf } from '@/machines/lifecycle/form';
import type { ItemSubject } from './item';

const text = pickupPrepaidText.prepaid;

/** What the card's form reads beneath the chart's facts: the destination the panel shows. */
export interface PrepaidFacts {
  status: string;
  card?: PrepaidCard | null;
}

/** The destination as typed: the place by code (the catalogue) and by name (the body sends names). */
export interface PrepaidDestinationForm {
  folio: string;
  recipientFullName: string;
  recipientPhoneNumber: string;
  provinceCode: string;
  province: string;
  municipalityCode: string;
  municipality: string;
  recipientNeighborhood: string;
  recipientAddress: string;
  recipientInstruction: string;
}

/** 'Editar destino': folio, recipient, phone, place, neighbourhood, address, indications. */
export const prepaidDestinationForm = formOf<PrepaidFacts, ItemSubject>()({
  title: (_c, s) => text.editTitle(s.id),
  id: (s) => `prepaid-${s.id}`,
  fields: [
    { kind: 'text', name: 'folio', label: text.folio },
    { kind: 'text', name: 'recipientFullName', id: 'name', label: text.recipientFullName },
    { kind: 'text', name: 'recipientPhoneNumber', id: 'phone', inputMode: 'tel', label: text.recipientPhoneNumber },
    { kind: 'place', name: 'provinceCode', id: 'place', municipality: 'municipalityCode', names: { province: 'province', municipality: 'municipality' }, productType: 'PREPAID_CARD', label: text.city },
    { kind: 'text', name: 'recipientNeighborhood', id: 'neighborhood', label: text.neighborhood },
    { kind: 'text', name: 'recipientAddress', id: 'address', label: text.address },
    { kind: 'text', name: 'recipientInstruction', id: 'instruction', label: text.instruction },
  ],
  initial: ({ card }): PrepaidDestinationForm => ({
    folio: card?.folio ?? '',
    recipientFullName: card?.recipientFullName ?? '',
    recipientPhoneNumber: card?.recipientPhoneNumber ?? '',
    provinceCode: card?.recipientCityCode ?? '',
    province: card?.recipientCity ?? '',
    municipalityCode: card?.recipientMunicipalityCode ?? '',
    municipality: card?.recipientMunicipality ?? '',
    recipientNeighborhood: card?.recipientNeighborhood ?? '',
    recipientAddress: card?.recipientAddress ?? '',
    recipientInstruction: card?.recipientInstruction ?? '',
  }),
  validate: (f) =>
    checkBody(PrepaidUpdateBody, {
      folio: f.folio,
      recipientFullName: f.recipientFullName,
      recipientPhoneNumber: f.recipientPhoneNumber,
      recipientCity: f.province,
      recipientMunicipality: f.municipality,
      recipientNeighborhood: f.recipientNeighborhood,
      recipientAddress: f.recipientAddress,
      recipientInstruction: f.recipientInstruction,
    }),
});

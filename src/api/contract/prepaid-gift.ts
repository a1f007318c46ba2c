import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { OptionalText, QueryId, RequiredText } from './fields';
import { PickupPrepaidMsg as M } from '@/domain/pickup-prepaid';

/** Prepaid cards and gift cards (spec details §3 and §7). */

/** GET /orders/secured/prepaidCard/data?foiid and POST /orders/secured/prepaidCard/update?foiid */
export const PrepaidCardQuery = v.object({ foiid: QueryId('Debe indicar el item (foiid).') });

/** POST /orders/secured/prepaidCard/approve?foid (the offer: its prepaid card item is approved). */
export const PrepaidApproveQuery = v.object({ foid: QueryId('Debe indicar la oferta (foid).') });

/** A prepaid card's destination (spec details §3); the city is the province. Codes are the catalogue's. */
export const PrepaidCard = v.object({
  foiid: v.number(),
  folio: v.nullable(v.string()),
  recipientFullName: v.string(),
  recipientPhoneNumber: v.string(),
  recipientCity: v.string(),
  recipientCityCode: v.string(),
  recipientMunicipality: v.string(),
  recipientMunicipalityCode: v.string(),
  recipientNeighborhood: v.nullable(v.string()),
  recipientAddress: v.string(),
  recipientInstruction: v.nullable(v.string()),
});
export type PrepaidCard = v.InferOutput<typeof PrepaidCard>;
export const PrepaidCardResponse = Envelope(PrepaidCard);

/** The edited destination: the spec's fields; the province (city) and municipality by name, as the catalogue spells them. */
export const PrepaidUpdateBody = v.object({
  folio: v.pipe(
    v.nullish(v.string(), ''),
    v.trim(),
    v.check((s) => s === '' || /^[A-Za-z0-9]{4,20}$/.test(s), M.folio),
    v.transform((s) => (s === '' ? null : s.toUpperCase())),
  ),
  recipientFullName: RequiredText(M.recipientName, 'El destinatario', 120),
  recipientPhoneNumber: v.pipe(
    v.optional(v.string(M.phone), ''),
    v.transform((s) => s.replace(/[\s().-]/g, '')),
    v.regex(/^(\+?53)?\d{8}$/, M.phone),
    v.transform((s) => `+53${s.slice(-8)}`),
  ),
  recipientCity: RequiredText(M.province, 'La provincia', 60),
  recipientMunicipality: RequiredText(M.municipality, 'El municipio', 60),
  recipientNeighborhood: OptionalText('El reparto', 120),
  recipientAddress: RequiredText(M.address, 'La dirección', 250),
  recipientInstruction: OptionalText('Las indicaciones', 500),
});
export type PrepaidUpdateBody = v.InferOutput<typeof PrepaidUpdateBody>;
export type PrepaidUpdateInput = v.InferInput<typeof PrepaidUpdateBody>;

/** What an approval answers: the item's status. */
export const PrepaidMove = v.object({ foiid: v.number(), status: v.string() });
export const PrepaidMoveResponse = Envelope(PrepaidMove);

/** GET /orders/secured/foid/giftcards?foId */
export const GiftCardsQuery = v.object({ foId: QueryId('Debe indicar la oferta (foId).') });

export const GiftCard = v.object({ id: v.number(), recipientEmail: v.string(), claimed: v.boolean(), claimedDate: v.nullable(IsoDateTime) });
export type GiftCard = v.InferOutput<typeof GiftCard>;
export const GiftCardsResponse = Envelope(v.object({ elements: v.array(GiftCard) }));

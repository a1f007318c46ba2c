import * as v from 'valibot';
import { Envelope, IsoDateTime } from './envelope';
import { OrderIdQuery } from './order-detail';
import { IdQuery } from './query';

/** What every item panel shares: the transitions QA audits and the province catalogue. */

/** One item transition: (machine, item, from, event, to, actor, time). */
export const ItemTransition = v.object({
  id: v.number(),
  machine: v.string(),
  itemId: v.number(),
  orderId: v.number(),
  from: v.string(),
  event: v.string(),
  to: v.string(),
  actorEmail: v.string(),
  at: IsoDateTime,
});
export type ItemTransition = v.InferOutput<typeof ItemTransition>;

/** GET /orders/secured/items/transitions?orderId&foiid (newest first, at most 500). */
export const ItemTransitionsQuery = v.object({ ...OrderIdQuery.entries, foiid: IdQuery('El item') });
export const ItemTransitionsResponse = Envelope(v.object({ elements: v.array(ItemTransition) }));

/** The products whose addresses use the catalogue: REMESA (the directory's, spec details §7), the remittance kinds, pickups and prepaid cards. */
export const PROVINCE_PRODUCTS = ['REMESA', 'REMESA_A_DOMICILIO', 'REMESA_BANCARIA', 'PICKUP_CASH', 'PREPAID_CARD'] as const;

/** GET /catalog/secured/provinces?productType */
export const ProvincesQuery = v.object({
  productType: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.check((s) => s === '' || (PROVINCE_PRODUCTS as readonly string[]).includes(s), 'El producto no usa el catálogo de provincias.'),
  ),
});

export const Municipality = v.object({ municipality: v.string(), municipalityCode: v.string() });
export const Province = v.object({ province: v.string(), provinceCode: v.string(), municipalities: v.array(Municipality) });
export type Province = v.InferOutput<typeof Province>;
export const ProvincesResponse = Envelope(v.object({ elements: v.array(Province) }));

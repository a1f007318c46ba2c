/**
 * The courtesy top-up (spec details §2, §5, §6 CRM2_SUPER_ACTION, §7 POST
 * /orders/secured/checkout/courtesy): a Cuban mobile (prefix 53) gets one offer of the Cubacel
 * top-up catalogue as a gift. It is a real order of 0 USD paid with TU_BOLSILLO on the CRM
 * channel, with the top-up item queued like any other, so it appears in the orders and items
 * lists and is fulfilled, reset and claimed as they are.
 */

export const COURTESY = {
  productType: 'TOPUP',
  countryCode: 'CUB',
  operator: 'CUBACEL',
  prefix: '53',
  paymentMethod: 'TU_BOLSILLO',
  clientId: 'crm',
  currency: 'USD',
} as const;

export const CourtesyMsg = {
  account: 'Debe indicar el cliente.',
  phone: 'Debe especificar el telefono.',
  offer: 'Se necesita una oferta.',
  offersFailed: 'Error buscando las ofertas',
  notOnSale: 'La oferta ya no está a la venta.',
  country: 'Debe indicar el país del catálogo (CUB).',
  operator: 'Debe indicar el operador del catálogo.',
} as const;

/** Whether an offer is on sale at an instant (its window includes it). */
export const onSale = (offer: { startDate: string; endDate: string }, now: number) => Date.parse(offer.startDate) <= now && now <= Date.parse(offer.endDate);

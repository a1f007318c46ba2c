import { Permission } from './permissions';

/**
 * One value of a customer on the blacklist (spec details §4 "Card" and "Phone", §6): a saved or
 * paying card by its unique number, or one of their phones. Listing a card is fraud work
 * (CRM7_FRAUD_COMPLETE) and unmarking it is open to any editor; a phone is listed and unlisted
 * as support work (CRM7_DO_ACTION), like the general blacklist.
 */

export const LISTING_STATUSES = ['clear', 'listed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];
export type ListingKind = 'CARD' | 'PHONE';

export const ListingRefused = {
  listed: 'El valor ya está en la lista negra.',
  clear: 'El valor no está en la lista negra.',
  concurrent: 'Otra persona cambió la lista negra al mismo tiempo. Vuelva a cargar el cliente.',
  card: (accountId: number) => `La tarjeta no pertenece al cliente ${accountId}.`,
  phone: (phone: string, accountId: number) => `El teléfono ${phone} no pertenece al cliente ${accountId}.`,
} as const;

/** The customer-scoped shape of a general blacklist body: a customer and exactly one card or one phone. */
export interface ListingBody {
  accountId?: number | undefined;
  paymentMethod?: { uniqueNumberIdentifier?: string | undefined; payerId?: string | undefined } | undefined;
  phoneNumbers?: readonly string[] | undefined;
  deviceId?: string | undefined;
  advertisingIds?: readonly string[] | undefined;
  ip?: string | undefined;
  email?: string | undefined;
}

/** The customer's card or phone a blacklist body names, or null when it is a general change (the Lista Negra screen's). */
export function listingOf(b: ListingBody): { accountId: number; kind: ListingKind; value: string } | null {
  if (b.accountId === undefined || b.deviceId || b.ip || b.email || b.advertisingIds?.length || b.paymentMethod?.payerId) return null;
  const card = b.paymentMethod?.uniqueNumberIdentifier;
  const phones = b.phoneNumbers ?? [];
  if (card && phones.length === 0) return { accountId: b.accountId, kind: 'CARD', value: card };
  if (!card && phones.length === 1) return { accountId: b.accountId, kind: 'PHONE', value: phones[0]! };
  return null;
}

/**
 * What listing (or unlisting) a value of a kind on the general blacklist needs besides the editor
 * flag (details §6), wherever it is done (a customer's card or phone, Settings' Lista Negra): a
 * card is fraud work to list (CRM7_FRAUD_COMPLETE) and any editor's to unmark; anything else is
 * support work (CRM7_DO_ACTION).
 */
export function listingPermissions(kind: string | null, adding: boolean): readonly string[] {
  if (kind === 'CARD') return adding ? [Permission.FRAUD_COMPLETE] : [];
  return [Permission.DO_ACTION];
}

import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { malformed, notFound } from '../refusals';
import { iso } from '../clock';
import { bodyOf, type ActionContext } from '../lifecycle/binding';
import type { WireRequest } from '@/machines/lifecycle/table';
import { BANK_REMITTANCE, priceRemittance, REMITTANCE_PRODUCTS, RemittanceMsg } from '@/domain/remittance';
import type { BankTransfer, Remittance } from '@/api/contract/remittance';

/**
 * What bank and home remittances share on the reference server: the remittance object as the
 * orders service answers it (remesa/data), the place check of an address, and the images
 * uploaded for them (identity documents, receipts), served back to staff only.
 */

type Trx = Transaction<Database>;
type Db = Kysely<Database> | Trx;

export const FILE_PATH = '/orders/secured/remesa/file';
export const fileUrl = (id: string) => `${FILE_PATH}?id=${id}`;

/** The remittance row of an item (404 when the item has none). */
export async function loadRemittanceRow(db: Db, itemId: number) {
  const row = await db.selectFrom('remittances').selectAll().where('id', '=', itemId).executeTakeFirst();
  if (!row) throw notFound(`La remesa del item ${itemId} no existe.`);
  return row;
}
export type RemittanceRow = Awaited<ReturnType<typeof loadRemittanceRow>>;

/**
 * The delivery service records who decided (`byAccountId`, spec details §7): a request that names
 * one names the signed-in staff member, so the record cannot be forged. One rule for the home
 * remittances' and the pickups' decisions (their handlers' `check`), one answer: 400 with
 * `RemittanceMsg.otherAccount`, a request whose shape disagrees with its token (`malformed`), as
 * every other body rule answers; 403 is the row's missing permissions, which the person holds here.
 */
export function actsForSelf({ ctx, request }: { ctx: ActionContext; request: WireRequest }): void {
  const { byAccountId } = bodyOf<{ byAccountId?: number }>(request);
  if (byAccountId !== undefined && byAccountId !== ctx.principal.accountId) throw malformed(RemittanceMsg.otherAccount);
}

/** The names of a province and one of its municipalities; 400 when the municipality is not the province's. */
export async function placeNames(db: Db, provinceCode: string, municipalityCode: string) {
  const place = await db
    .selectFrom('municipalities as m')
    .innerJoin('provinces as p', 'p.code', 'm.province_code')
    .select(['p.name as province', 'm.name as municipality'])
    .where('m.code', '=', municipalityCode)
    .where('m.province_code', '=', provinceCode)
    .executeTakeFirst();
  if (!place) throw malformed(RemittanceMsg.placeUnknown);
  return place;
}

/** The remittance object of an item of an order (spec details §3). */
export async function readRemittance(db: Kysely<Database>, orderId: number, itemId: number): Promise<Remittance> {
  const row = await db
    .selectFrom('order_items as i')
    .innerJoin('remittances as r', 'r.id', 'i.id')
    .innerJoin('provinces as p', 'p.code', 'r.province_code')
    .innerJoin('municipalities as m', 'm.code', 'r.municipality_code')
    .selectAll('r')
    .select(['i.order_id as item_order_id', 'i.destination', 'i.amount', 'i.currency as item_currency', 'i.product_type as item_product', 'p.name as province', 'm.name as municipality'])
    .where('i.id', '=', itemId)
    .executeTakeFirst();
  if (!row || row.item_order_id !== orderId || !(REMITTANCE_PRODUCTS as readonly string[]).includes(row.item_product)) {
    throw notFound(`La remesa del item ${itemId} no existe en la orden ${orderId}.`);
  }
  const bank = row.item_product === BANK_REMITTANCE;
  // A seeded home remittance is priced from its item (its amount in USD, its destination currency).
  const priced = row.destination_credit === null || row.fee === null ? priceRemittance(row.amount, row.item_currency) : null;
  const transfers = bank
    ? await db.selectFrom('bank_transfers').selectAll().where('item_id', '=', itemId).orderBy('requested_at', 'desc').orderBy('id', 'desc').limit(20).execute()
    : [];
  return {
    foiId: itemId,
    orderId,
    productType: row.item_product,
    sender: { fullName: row.sender_full_name, identityDocPhotoUrl: row.sender_identity_doc_photo_url },
    recipient: {
      fullName: row.recipient_full_name,
      identityCard: row.recipient_identity_card,
      phoneNumber: bank ? row.recipient_phone_number : row.destination,
      cardNumber: bank ? row.destination : null,
      bankName: row.recipient_bank_name,
    },
    shippingAddress: {
      recipientName: row.recipient_full_name,
      mobile: bank ? row.recipient_phone_number : row.destination,
      landLine: row.land_line,
      province: row.province,
      provinceCode: row.province_code,
      municipality: row.municipality,
      municipalityCode: row.municipality_code,
      neighborhood: row.neighborhood,
      address: row.address,
      indications: row.indications,
      deliveryFrom: row.delivery_from,
      zipCode: row.zip_code,
    },
    destinationCredit: priced?.destinationCredit ?? row.destination_credit!,
    destinationCurrency: row.destination_currency ?? row.item_currency,
    fee: priced?.fee ?? row.fee!,
    currency: row.currency,
    remesaToBankServiceType: bank ? row.service_type : null,
    transfers: transfers.map(
      (t): BankTransfer => ({
        id: t.id,
        cardNumber: t.card_number,
        amount: t.amount,
        currency: t.currency,
        transferred: t.transferred === 1,
        message: t.message,
        requestedAt: t.requested_at,
        requestedBy: t.requested_by,
      }),
    ),
  };
}

export interface UploadedImage {
  contentType: string;
  bytes: Buffer;
}

/** What the first bytes of each accepted image type are: the declared type must match the content. */
const SIGNATURES: Record<string, (bytes: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Reads an upload before any transaction starts (no waiting on the client inside one); 400 unless it is the image it says. */
export async function readUpload(file: File | undefined): Promise<UploadedImage | null> {
  if (!file) return null;
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!SIGNATURES[file.type]?.(bytes)) throw malformed(RemittanceMsg.imageType);
  return { contentType: file.type, bytes };
}

/** A receipt handler's `prepare`: the uploaded image, read before the transaction; 400 without one. */
export async function receiptFrom(request: WireRequest): Promise<UploadedImage> {
  const image = await readUpload(bodyOf<{ file?: File }>(request).file);
  if (!image) throw malformed(RemittanceMsg.imageRequired);
  return image;
}

/** Stores an image of a remittance; answers the URL staff read it at. */
export async function storeFile(trx: Trx, ctx: ActionContext, itemId: number, kind: 'SENDER_DOC' | 'RECEIPT', image: UploadedImage): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('item_files')
    .values({ id, item_id: itemId, kind, content_type: image.contentType, size: image.bytes.length, data: image.bytes.toString('base64'), created_at: iso(ctx.now), created_by: ctx.principal.accountId })
    .execute();
  return fileUrl(id);
}

/** An uploaded image, for staff who may read orders. */
export async function readFile(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('item_files').select(['content_type', 'data']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('El archivo no existe.');
  return { contentType: row.content_type, bytes: Buffer.from(row.data, 'base64') };
}

/** The id of a stored file of an item and kind, from its URL; null when it is not one. */
export async function ownFile(db: Db, url: string, itemId: number, kind: 'SENDER_DOC' | 'RECEIPT'): Promise<string | null> {
  const match = /^\/orders\/secured\/remesa\/file\?id=([0-9a-f-]{36})$/.exec(url);
  if (!match) return null;
  const row = await db.selectFrom('item_files').select('id').where('id', '=', match[1]!).where('item_id', '=', itemId).where('kind', '=', kind).executeTakeFirst();
  return row ? row.id : null;
}

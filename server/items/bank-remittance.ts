import { randomUUID } from 'node:crypto';
import { iso } from '../clock';
import { recordMutation } from '../lifecycle/audit';
import { bind, type ActionContext, type Handler, type Trx } from '../lifecycle/binding';
import { itemAmount, itemStore, type ItemRecord } from './item-store';
import { loadRemittanceRow, placeNames, readRemittance, readUpload, storeFile, type RemittanceRow, type UploadedImage } from './remittance';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { BANK_REMITTANCE, RemittanceRefused } from '@/domain/remittance';
import type { BankDestinationBody, BankProviderBody, BankStatusBody, BankStatusElement } from '@/api/contract/remittance';
import type { WireRequest } from '@/machines/lifecycle/table';
import type { ItemKey } from '@/machines/items/item';
import { signedAs } from '../deps';

/**
 * Bank remittances on the reference server: the work of the bank remittance's action table
 * beyond its status moves (the destination and provider edits, the bank's answer on approval).
 *
 * The bank is modelled by `bank_transfers` (its answers) and the remittance's `bank_refusal`:
 * approving asks the bank to transfer; the bank refuses a card it has already refused (the
 * refusal is remembered until the destination card changes) and transfers otherwise.
 */

type Body<T> = WireRequest<undefined, T>;

const destinationOf = (item: ItemRecord, row: RemittanceRow) => ({
  cardNumber: item.destination,
  name: row.recipient_full_name,
  identityCard: row.recipient_identity_card,
  phoneNumber: row.recipient_phone_number,
  province: row.province_code,
  municipality: row.municipality_code,
  neighborhood: row.neighborhood,
  address: row.address,
  senderFullName: row.sender_full_name,
  identityDocPhotoUrl: row.sender_identity_doc_photo_url,
});

/** remesaToBank/update: the recipient, the card (the item's destination), the address, the sender and their document. */
const bankDestination: Handler<ItemRecord> = {
  // The upload is read before any transaction starts: no waiting on the client inside one.
  prepare: (request) => readUpload((request as Body<BankDestinationBody>).body.docImageFile),
  async perform({ trx, ctx, record: item, request, prepared }) {
    const body = (request as Body<BankDestinationBody>).body;
    const row = await loadRemittanceRow(trx, item.id);
    await placeNames(trx, body.province, body.municipality);
    const image = prepared as UploadedImage | null;
    const docUrl = image ? await storeFile(trx, ctx, item.id, 'SENDER_DOC', image) : row.sender_identity_doc_photo_url;
    const after = {
      cardNumber: body.cardNumber,
      name: body.name,
      identityCard: body.identityCard,
      phoneNumber: body.phoneNumber,
      province: body.province,
      municipality: body.municipality,
      neighborhood: body.neighborhood,
      address: body.address,
      senderFullName: body.senderFullName,
      identityDocPhotoUrl: docUrl,
    };
    await trx
      .updateTable('remittances')
      .set({
        recipient_full_name: body.name,
        recipient_identity_card: body.identityCard,
        recipient_phone_number: body.phoneNumber,
        province_code: body.province,
        municipality_code: body.municipality,
        neighborhood: body.neighborhood,
        address: body.address,
        sender_full_name: body.senderFullName,
        sender_identity_doc_photo_url: docUrl,
        // A new card is a new question to the bank: its refusal was of the old one.
        ...(body.cardNumber !== item.destination ? { bank_refusal: null } : {}),
      })
      .where('id', '=', item.id)
      .execute();
    await trx.updateTable('order_items').set({ destination: body.cardNumber }).where('id', '=', item.id).execute();
    return { description: `Remesa bancaria ${item.id}: destino modificado`, before: destinationOf(item, row), after };
  },
};

/** update-provider ("Cambiar Proveedor"): the chart refused the provider the item has already. */
const bankProvider: Handler<ItemRecord> = {
  async perform({ trx, record: item, request }) {
    const { newProvider } = (request as Body<BankProviderBody>).body;
    await trx.updateTable('order_items').set({ provider: newProvider }).where('id', '=', item.id).execute();
    return {
      description: `Remesa bancaria ${item.id}: proveedor ${item.provider ?? '—'} → ${newProvider}`,
      before: { provider: item.provider },
      after: { provider: newProvider },
      data: { fulfillmentOrderItemId: item.id, provider: newProvider },
    };
  },
};

const STATUS_TEXT = { TO_ACTIVATE: 'aprobada', FULFILLED: 'marcada entregada', MANUAL: 'devuelta a procesamiento' } as const;

const describeStatus = (item: ItemRecord, body: BankStatusBody) => `Remesa bancaria ${item.id} ${STATUS_TEXT[body.fulfillmentOrderItemStatus]}${body.log ? ` (${body.log})` : ''}`;

/** Mark delivered and back to processing: the status move and its log. */
const bankStatus: Handler<ItemRecord> = {
  async perform({ record: item, request }) {
    return { description: describeStatus(item, (request as Body<BankStatusBody>).body) };
  },
};

const masked = (card: string | null) => (card ? `****${card.slice(-4)}` : '—');

/** Asks the reference bank for a transfer: it refuses a card it already refused, and transfers otherwise. */
async function askBank(trx: Trx, ctx: ActionContext, item: ItemRecord, row: RemittanceRow) {
  const reference = `TRF-${item.id}-${randomUUID().slice(0, 8)}`;
  const transferred = row.bank_refusal === null;
  const message = transferred ? `Transferencia acreditada en la tarjeta ${masked(item.destination)}.` : row.bank_refusal;
  await trx
    .insertInto('bank_transfers')
    .values({
      id: reference,
      item_id: item.id,
      card_number: item.destination,
      amount: row.destination_credit ?? item.amount,
      currency: row.destination_currency ?? item.currency,
      transferred: transferred ? 1 : 0,
      message,
      requested_at: iso(ctx.now),
      requested_by: signedAs(ctx.principal),
    })
    .execute();
  return { reference, transferred, message };
}

/**
 * Approve: the bank is asked; an item the bank did not transfer stays MANUAL with its attempt on
 * record (and a log that says who asked), and the answer says why.
 */
const approve: Handler<ItemRecord> = {
  async perform({ trx, ctx, record: item, request }) {
    const answer = await askBank(trx, ctx, item, await loadRemittanceRow(trx, item.id));
    if (!answer.transferred) {
      await recordMutation(
        trx,
        ctx.principal,
        {
          docCode: 'ORDER',
          docId: String(item.order_id),
          action: `${bankRemittance.name}.bankRefused`,
          description: `El banco no transfirió la remesa bancaria ${item.id}: ${answer.message}`,
          before: { item: item.id, transfer: null },
          after: { item: item.id, transfer: answer.reference },
        },
        ctx.now,
      );
      const refused: BankStatusElement = { fulfillmentOrderItemId: item.id, status: item.status, transferred: false, message: answer.message ?? RemittanceRefused.notTransferred, reference: answer.reference };
      return { stay: true, description: '', data: refused };
    }
    const done: BankStatusElement = { fulfillmentOrderItemId: item.id, status: 'TO_ACTIVATE', transferred: true, message: answer.message, reference: answer.reference };
    return { description: describeStatus(item, (request as Body<BankStatusBody>).body), before: { transfer: null }, after: { transfer: answer.reference }, data: done };
  },
};

/** update-status answers one element per item asked, in the order asked. */
const statusElements = (results: { record: ItemRecord; to: string; data: unknown }[]) => ({
  elements: results.map((r) => (r.data as BankStatusElement | undefined) ?? { fulfillmentOrderItemId: r.record.id, status: r.to, transferred: null, message: null, reference: null }),
});

export const bankRemittanceBinding = bind<ItemRecord, ItemKey>({
  lifecycle: bankRemittance,
  // The provider is a fact of the chart: a change to the same one is its refusal.
  store: itemStore({ products: [BANK_REMITTANCE], offerMissing: (id) => `La oferta ${id} no tiene una remesa bancaria.`, input: (_trx, item) => ({ provider: item.provider }) }),
  amounts: { item: itemAmount },
  handlers: { bankDestination, bankProvider, askBank: approve, bankStatus },
  describe: (row, item) => `Remesa bancaria ${item.id}: ${row.label}`,
  respond: {
    '/orders/secured/remesaToBank/update': (results, _request, ctx) => readRemittance(ctx.db, results[0]!.record.order_id, results[0]!.record.id),
    '/orders/secured/remesa-to-bank/update-provider': (results) => ({ elements: results.map((r) => r.data) }),
    '/orders/secured/remesa-to-bank/update-status': statusElements,
  },
});

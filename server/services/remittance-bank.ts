import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { badRequest } from '../http';
import { iso } from '../clock';
import { recordMutation } from './audit';
import { loadItem, moveItem, requireItemPermission, type ItemActionContext, type ItemRecord } from './item-transitions';
import { assertAllowed, loadRemittanceRow, placeNames, readRemittance, readUpload, storeFile, type RemittanceRow } from './remittance';
import { bankRemittanceItemMachine, type BankRemittanceEvent } from '@/machines/items/bank-remittance.machine';
import { BANK_REMITTANCE, REMITTANCE_ACTION_PERMISSION, RemittanceMsg, RemittanceRefused } from '@/domain/remittance';
import type { BankDestinationBody, BankStatusBody, BankStatusElement, Remittance } from '@/api/contract/remittance';

/**
 * Bank remittances on the reference server (orders service): the destination and provider
 * edits, and the status moves of update-status. Each goes through the bank remittance chart
 * with moveItem, in one transaction with its action log, audit row and item transition.
 *
 * The bank is modelled by `bank_transfers` (its answers) and the remittance's `bank_refusal`:
 * approving asks the bank to transfer; the bank refuses a card it has already refused (the
 * refusal is remembered until the destination card changes) and transfers otherwise.
 */

type Trx = Transaction<Database>;
const NAME = 'bankRemittanceItem';
const PRODUCTS = [BANK_REMITTANCE];

const move = (trx: Trx, ctx: ItemActionContext, item: ItemRecord, event: BankRemittanceEvent, refused: string, description: string, before?: Record<string, unknown>, after?: Record<string, unknown>) =>
  moveItem(trx, ctx, { machine: bankRemittanceItemMachine, name: NAME, item, event, refused, description, ...(before ? { before } : {}), ...(after ? { after } : {}) });

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
export async function updateBankDestination(ctx: ItemActionContext, body: BankDestinationBody): Promise<Remittance> {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.modifyDestination);
  const image = await readUpload(body.docImageFile);
  const orderId = await ctx.db.transaction().execute(async (trx) => {
    const item = await loadItem(trx, body.foiId, PRODUCTS);
    const row = await loadRemittanceRow(trx, item.id);
    assertAllowed(bankRemittanceItemMachine, item, ctx.principal, {}, { type: 'item.modifyDestination' }, RemittanceRefused.bankModifyDestination);
    await placeNames(trx, body.province, body.municipality);
    const before = destinationOf(item, row);
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
    await move(trx, ctx, item, { type: 'item.modifyDestination' }, RemittanceRefused.bankModifyDestination, `Remesa bancaria ${item.id}: destino modificado`, before, after);
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
    return item.order_id;
  });
  return readRemittance(ctx.db, orderId, body.foiId);
}

/** update-provider ("Cambiar Proveedor"): the provider must change. */
export async function updateBankProvider(ctx: ItemActionContext, newProvider: string, ids: readonly number[]) {
  requireItemPermission(ctx.principal, REMITTANCE_ACTION_PERMISSION.modifyProvider);
  return ctx.db.transaction().execute(async (trx) => {
    const elements: { fulfillmentOrderItemId: number; provider: string }[] = [];
    for (const id of new Set(ids)) {
      const item = await loadItem(trx, id, PRODUCTS);
      assertAllowed(bankRemittanceItemMachine, item, ctx.principal, {}, { type: 'item.modifyProvider' }, RemittanceRefused.bankModifyProvider);
      if (item.provider === newProvider) throw badRequest(RemittanceMsg.providerSame);
      await move(trx, ctx, item, { type: 'item.modifyProvider' }, RemittanceRefused.bankModifyProvider, `Remesa bancaria ${id}: proveedor ${item.provider ?? '—'} → ${newProvider}`, { provider: item.provider }, { provider: newProvider });
      await trx.updateTable('order_items').set({ provider: newProvider }).where('id', '=', id).execute();
      elements.push({ fulfillmentOrderItemId: id, provider: newProvider });
    }
    return elements;
  });
}

const STATUS_EVENT = {
  TO_ACTIVATE: { event: { type: 'item.approve' }, refused: RemittanceRefused.bankApprove, permission: REMITTANCE_ACTION_PERMISSION.approve, text: 'aprobada' },
  FULFILLED: { event: { type: 'item.markDelivered' }, refused: RemittanceRefused.bankMarkDelivered, permission: REMITTANCE_ACTION_PERMISSION.markDelivered, text: 'marcada entregada' },
  MANUAL: { event: { type: 'item.backToProcessing' }, refused: RemittanceRefused.bankBackToProcessing, permission: REMITTANCE_ACTION_PERMISSION.backToProcessing, text: 'devuelta a procesamiento' },
} as const satisfies Record<BankStatusBody['fulfillmentOrderItemStatus'], { event: BankRemittanceEvent; refused: string; permission: string; text: string }>;

const masked = (card: string | null) => (card ? `****${card.slice(-4)}` : '—');

/** Asks the reference bank for a transfer: it refuses a card it already refused, and transfers otherwise. */
async function askBank(trx: Trx, ctx: ItemActionContext, item: ItemRecord, row: RemittanceRow) {
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
      requested_by: ctx.principal.email ?? ctx.principal.username,
    })
    .execute();
  return { reference, transferred, message };
}

/**
 * update-status: approve (TO_ACTIVATE), mark delivered (FULFILLED) or back to processing
 * (MANUAL), for every item asked, all or none (409 when the chart refuses one). Answers one
 * element per item in the order asked; on an approval the bank's answer: an item the bank did not
 * transfer stays MANUAL, its attempt recorded (the console reads the first element).
 */
export async function updateBankStatus(ctx: ItemActionContext, body: BankStatusBody): Promise<BankStatusElement[]> {
  const move_ = STATUS_EVENT[body.fulfillmentOrderItemStatus];
  requireItemPermission(ctx.principal, move_.permission);
  const note = body.log ? ` (${body.log})` : '';
  return ctx.db.transaction().execute(async (trx) => {
    const elements: BankStatusElement[] = [];
    for (const id of new Set(body.fulfillmentOrderItemIds)) {
      const item = await loadItem(trx, id, PRODUCTS);
      const description = `Remesa bancaria ${id} ${move_.text}${note}`;
      if (body.fulfillmentOrderItemStatus !== 'TO_ACTIVATE') {
        const status = await move(trx, ctx, item, move_.event, move_.refused, description);
        elements.push({ fulfillmentOrderItemId: id, status, transferred: null, message: null, reference: null });
        continue;
      }
      assertAllowed(bankRemittanceItemMachine, item, ctx.principal, {}, move_.event, move_.refused);
      const row = await loadRemittanceRow(trx, id);
      const answer = await askBank(trx, ctx, item, row);
      if (!answer.transferred) {
        // Nothing moves; the refused attempt is the bank's record, and the log says who asked.
        await recordMutation(
          trx,
          ctx.principal,
          { docCode: 'ORDER', docId: String(item.order_id), action: `${NAME}.bankRefused`, description: `El banco no transfirió la remesa bancaria ${id}: ${answer.message}`, before: { item: id, transfer: null }, after: { item: id, transfer: answer.reference } },
          ctx.now,
        );
        elements.push({ fulfillmentOrderItemId: id, status: item.status, transferred: false, message: answer.message ?? RemittanceRefused.notTransferred, reference: answer.reference });
        continue;
      }
      const status = await move(trx, ctx, item, move_.event, move_.refused, description, { transfer: null }, { transfer: answer.reference });
      elements.push({ fulfillmentOrderItemId: id, status, transferred: true, message: answer.message, reference: answer.reference });
    }
    return elements;
  });
}

import type { Kysely, Selectable } from 'kysely';
import { initialTransition } from 'xstate';
import type { Database, ZelleTransfersTable } from '../db/schema';
import type { Principal } from '../deps';
import { accessDenied, badRequest, conflict, notFound } from '../http';

import { recordMutation } from './audit';
import { pageOf, type Page } from './paging';
import { zelleLinkMachine, zelleOffered } from '@/machines/order/zelle-link.machine';
import { OrderRefused } from '@/domain/order-actions';
import { Msg } from '@/domain/messages';
import type { Zelle } from '@/api/contract/order-detail';

const toZelle = (t: Selectable<ZelleTransfersTable>): Zelle => ({
  id: t.id,
  name: t.name,
  status: t.status,
  to: t.to_account,
  from: t.from_account,
  createdDate: t.created_date,
  desciption: t.desciption,
  originId: t.origin_id,
  details: { amount: t.amount, currency: t.currency, createdDate: t.created_date, desciption: t.desciption },
});

/** Transfers of an order (by its origin id), or — without one — those nobody has linked yet. */
export async function listTransfers(
  db: Kysely<Database>,
  tenant: string,
  q: { originId?: string | undefined; sort?: string | undefined; page: number; size: number },
): Promise<Page<Zelle>> {
  let query = db.selectFrom('zelle_transfers').where('tenant', '=', tenant);
  query = q.originId ? query.where('origin_id', '=', q.originId) : query.where('origin_id', 'is', null).where('status', '!=', 'PROCESSED');
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_date', q.sort === 'createdDate,asc' ? 'asc' : 'desc').orderBy('id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return pageOf(rows.map(toZelle), { total: Number(count.n), limited: false });
}

async function orderByReference(db: Kysely<Database>, referenceCode: string) {
  const order = await db.selectFrom('orders').select(['id', 'status', 'origin_order_id']).where('origin_order_id', '=', referenceCode).executeTakeFirst();
  if (!order) throw notFound(`Ninguna orden tiene el código de referencia ${referenceCode}.`);
  return order;
}

function mayZelle(principal: Principal, orderStatus: string) {
  if (!zelleOffered(orderStatus, [...principal.permissions])) {
    if (!principal.permissions.has('CRM_LECTOR')) throw accessDenied(Msg.notReader);
    if (!principal.permissions.has('CRM2_SUPER_ACTION')) throw accessDenied(Msg.missingPermission('CRM2_SUPER_ACTION'));
    throw conflict(OrderRefused.zelleOrder);
  }
}

/** Registers a transfer received; with a reference code it is linked to that order at once. */
export async function registerTransfer(
  db: Kysely<Database>,
  principal: Principal,
  tenant: string,
  body: { name: string; amount: number | undefined; currency: string; createDate: string; from: string; to: string; referenceCode?: string | undefined },
  now: number,
): Promise<Zelle> {
  const order = body.referenceCode ? await orderByReference(db, body.referenceCode) : null;
  if (order) mayZelle(principal, order.status);
  else if (!principal.permissions.has('CRM_LECTOR') || !principal.permissions.has('CRM2_SUPER_ACTION')) throw accessDenied(Msg.missingPermission('CRM2_SUPER_ACTION'));
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('zelle_transfers')
      .values({
        tenant,
        name: body.name,
        status: 'PENDING',
        to_account: body.to,
        from_account: body.from,
        created_date: new Date(`${body.createDate}T12:00:00Z`).toISOString(),
        desciption: body.referenceCode ? `Pago de la orden ${body.referenceCode}` : null,
        origin_id: order ? body.referenceCode! : null,
        amount: body.amount!,
        currency: body.currency,
        reference_code: body.referenceCode ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordMutation(
      trx,
      principal,
      {
        docCode: 'ORDER',
        docId: String(order?.id ?? 0),
        action: 'zelle.register',
        description: `Transferencia Zelle ${inserted.id} registrada: ${inserted.amount.toFixed(2)} ${inserted.currency} de ${inserted.name}`,
        before: null,
        after: { transfer: inserted.id, originId: inserted.origin_id, amount: inserted.amount },
      },
      now,
    );
    return toZelle(inserted);
  });
}

/** Links transfers to the order a reference code names (its origin id), each through its chart. */
export async function assignReferenceCode(db: Kysely<Database>, principal: Principal, tenant: string, transferIds: number[], referenceCode: string, now: number): Promise<Zelle[]> {
  if (!principal.permissions.has('CRM_LECTOR')) throw accessDenied(Msg.notReader);
  if (!principal.permissions.has('CRM2_SUPER_ACTION')) throw accessDenied(Msg.missingPermission('CRM2_SUPER_ACTION'));
  const order = await orderByReference(db, referenceCode);
  return db.transaction().execute(async (trx) => {
    const linked: Zelle[] = [];
    for (const id of transferIds) {
      const transfer = await trx.selectFrom('zelle_transfers').selectAll().where('id', '=', id).where('tenant', '=', tenant).executeTakeFirst();
      if (!transfer) throw notFound(`La transferencia ${id} no existe.`);
      const snapshot = initialTransition(zelleLinkMachine, {
        linked: transfer.origin_id !== null,
        processed: transfer.status === 'PROCESSED',
        orderStatus: order.status,
        permissions: [...principal.permissions],
      })[0];
      if (!snapshot.can({ type: 'zelle.link' })) throw conflict(`${OrderRefused.zelleLink} (${id})`);
      const updated = await trx
        .updateTable('zelle_transfers')
        .set({ origin_id: referenceCode, reference_code: referenceCode, version: transfer.version + 1 })
        .where('id', '=', id)
        .where('version', '=', transfer.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw conflict(OrderRefused.concurrent);
      await recordMutation(
        trx,
        principal,
        {
          docCode: 'ORDER',
          docId: String(order.id),
          action: 'zelle.link',
          description: `Transferencia Zelle ${id} vinculada a la orden ${order.id}`,
          before: { transfer: id, originId: null },
          after: { transfer: id, originId: referenceCode },
        },
        now,
      );
      linked.push(toZelle({ ...transfer, origin_id: referenceCode, reference_code: referenceCode }));
    }
    if (linked.length === 0) throw badRequest('Debe indicar la transferencia.');
    return linked;
  });
}


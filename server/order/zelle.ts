import type { Selectable } from 'kysely';
import type { ZelleTransfersTable } from '../db/schema';
import { changedMeanwhile, notFound } from '../refusals';
import { bodyOf, bind, type Handler } from '../lifecycle/binding';
import { recordCreation } from '../lifecycle/move';
import { pageOf, type Page } from '../db/paging';
import type { Reader } from '../db/types';
import { snapshotOfRecord, type ReadContext } from '../lifecycle/snapshot';
import { zelleLink } from '@/machines/order/zelle-link.machine';
import { OrderRefused } from '@/domain/order-actions';
import { formatMoney } from '@/domain/format';
import { TRANSFERS, type ZelleRegistration } from '@/machines/order/zelle-link.actions';
import { APP_NAMES } from '@/domain/catalog';
import type { ListedZelle, Zelle } from '@/api/contract/order-detail';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';

/**
 * Zelle transfers on the reference server (paths with the company's tenant): the transfers of an
 * order, and the work of the zelleLink action table (registering a transfer received, linking one
 * to an order by its reference code).
 */

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

/** The order a reference code names (its origin id), if any. */
const orderNamed = (db: Reader, referenceCode: string) => db.selectFrom('orders').select(['id', 'status', 'origin_order_id']).where('origin_order_id', '=', referenceCode).executeTakeFirst();

async function orderByReference(db: Reader, referenceCode: string) {
  const order = await orderNamed(db, referenceCode);
  if (!order) throw notFound(`Ninguna orden tiene el código de referencia ${referenceCode}.`);
  return order;
}

/**
 * A transfer (none yet for a registration) and the order its reference code names; a registration
 * names the transfer it inserted (`registered`), so that its first moment and its move are stored
 * under it (the mover writes the move after the handler's work), not under a transfer 0 shared by all.
 */
interface TransferRecord {
  transfer: Selectable<ZelleTransfersTable> | null;
  order: { id: number; status: string; origin_order_id: string | null } | null;
  registered?: number;
}

/**
 * What a Zelle move names, as a request and a read both can say it: the company's tenant (the
 * path's), the reference code of the order a registration or a link is for (none: a registration
 * left unlinked), and the transfer (none yet: a registration).
 */
export type ZelleKey = { tenant: string; reference: string | null } & ({ new: true } | { transfer: number });

/**
 * A gateway path's company (Zelle, gateway log): the own tenant, and first the tenant again or one
 * of its app names (a charge order's). Another company's is not found.
 */
export function checkCompanyPath(params: Readonly<Record<string, string | undefined>>, own: string): string {
  const company = params.company ?? '';
  const tenant = params.tenant ?? '';
  if (tenant !== own || (company !== own && !(APP_NAMES as readonly string[]).includes(company))) throw notFound(`Empresa desconocida: ${tenant === own ? company : tenant}.`);
  return tenant;
}

const ownCompany = ({ ctx, request }: { ctx: { config: { tenant: string } }; request: { params: Readonly<Record<string, string>> } }) => {
  checkCompanyPath(request.params, ctx.config.tenant);
};

/**
 * Registers a transfer received; with a reference code it is linked to that order at once. The new
 * transfer stood in its chart as 'new' before it was stored: its first moment ('' → new, issue 40
 * §4) then the registration's move (the mover's), both under its id.
 */
const register: Handler<TransferRecord> = {
  check: ownCompany,
  async perform({ trx, ctx, record, request }) {
    const body = bodyOf<ZelleRegistration>(request);
    const inserted = await trx
      .insertInto('zelle_transfers')
      .values({
        tenant: request.params.tenant!,
        name: body.name,
        status: 'PENDING',
        to_account: body.to,
        from_account: body.from,
        created_date: new Date(`${body.createDate}T12:00:00Z`).toISOString(),
        desciption: record.order ? `Pago de la orden ${body.referenceCode}` : null,
        origin_id: record.order ? body.referenceCode! : null,
        amount: body.amount!,
        currency: body.currency,
        reference_code: body.referenceCode || null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    record.registered = inserted.id;
    await recordCreation(trx, ctx, zelleBinding, record);
    return {
      description: `Transferencia Zelle ${inserted.id} registrada: ${formatMoney(inserted.amount, inserted.currency)} de ${inserted.name}`,
      after: { transfer: inserted.id, originId: inserted.origin_id, amount: inserted.amount },
      data: toZelle(inserted),
    };
  },
};

/** Links a transfer to the order a reference code names (its origin id). */
const link: Handler<TransferRecord> = {
  check: ownCompany,
  async perform({ record, request }) {
    const { referenceCode } = bodyOf<{ referenceCode: string }>(request);
    const transfer = record.transfer!;
    return {
      description: `Transferencia Zelle ${transfer.id} vinculada a la orden ${record.order!.id}`,
      before: { transfer: transfer.id, originId: null },
      after: { transfer: transfer.id, originId: referenceCode },
      data: toZelle({ ...transfer, origin_id: referenceCode, reference_code: referenceCode }),
    };
  },
};

export const zelleBinding = bind<TransferRecord, ZelleKey>({
  lifecycle: zelleLink,
  store: {
    docCode: 'ORDER',
    docId: (r) => String(r.order?.id ?? 0),
    idOf: (r) => r.transfer?.id ?? r.registered ?? 0,
    action: (_chart, event) => event.type,
    async find(trx, key) {
      const order = key.reference ? await orderByReference(trx, key.reference) : null;
      if ('new' in key) return [{ transfer: null, order }];
      const transfer = await trx.selectFrom('zelle_transfers').selectAll().where('id', '=', key.transfer).where('tenant', '=', key.tenant).executeTakeFirst();
      if (!transfer) throw notFound(`La transferencia ${key.transfer} no existe.`);
      return [{ transfer, order }];
    },
    input: async (_trx, r) => ({
      registered: r.transfer !== null,
      linked: (r.transfer?.origin_id ?? null) !== null,
      processed: r.transfer?.status === 'PROCESSED',
      orderStatus: r.order?.status ?? null,
    }),
    async save(trx, move) {
      const transfer = move.record.transfer;
      // A registration inserted its transfer; a link assigns the reference unless someone changed the transfer meanwhile.
      if (!transfer) return;
      const referenceCode = move.record.order!.origin_order_id!;
      const updated = await trx
        .updateTable('zelle_transfers')
        .set({ origin_id: referenceCode, reference_code: referenceCode, version: transfer.version + 1 })
        .where('id', '=', transfer.id)
        .where('version', '=', transfer.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw changedMeanwhile(OrderRefused.concurrent);
    },
  },
  handlers: { register, link },
  describe: (row) => row.label,
  respond: {
    [TRANSFERS]: (results) => ({ elements: results.map((r) => r.data) }),
    [`${TRANSFERS}/assign-reference-code`]: (results) => ({ elements: results.map((r) => r.data) }),
  },
});

/**
 * The registration's chart for the order a read shows (issue 25 §1): the order's and the charge
 * order's reads carry it, keyed as a registration with the order's reference code would be. A
 * reference that names no order leaves it out (the page offers nothing; a registration for it would
 * be a 404), as does an order without one.
 */
export async function registrationCharts(ctx: ReadContext, reference: string | null): Promise<ChartSnapshot[]> {
  // The store's record for the key `{ new: true, tenant, reference }`, read once.
  const order = reference ? await orderNamed(ctx.db, reference) : undefined;
  return order ? [await snapshotOfRecord(ctx, zelleBinding, { transfer: null, order } satisfies TransferRecord)] : [];
}

/**
 * Transfers of an order (by its origin id), or — without one — those nobody has linked yet. Each
 * carries its chart for the order a link from the page would name (`referenceCode`; the origin id
 * when absent): the store's record, built from the rows read and that order, read once.
 */
export async function listTransfers(
  ctx: ReadContext,
  tenant: string,
  q: { originId?: string | undefined; referenceCode?: string | undefined; sort?: string | undefined; page: number; size: number },
): Promise<Page<ListedZelle>> {
  const { db } = ctx;
  let query = db.selectFrom('zelle_transfers').where('tenant', '=', tenant);
  query = q.originId ? query.where('origin_id', '=', q.originId) : query.where('origin_id', 'is', null).where('status', '!=', 'PROCESSED');
  const reference = q.referenceCode || q.originId || null;
  const [rows, count, order] = await Promise.all([
    query.selectAll().orderBy('created_date', q.sort === 'createdDate,asc' ? 'asc' : 'desc').orderBy('id', 'desc').limit(q.size).offset(q.page * q.size).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    reference ? orderNamed(db, reference) : null,
  ]);
  // A reference that names no order: a link would be a 404, so no transfer carries a chart.
  const charts = async (transfer: Selectable<ZelleTransfersTable>) => (reference && !order ? [] : [await snapshotOfRecord(ctx, zelleBinding, { transfer, order: order ?? null } satisfies TransferRecord)]);
  const elements = await Promise.all(rows.map(async (t) => ({ ...toZelle(t), charts: await charts(t) })));
  return pageOf(elements, { total: Number(count.n), limited: false });
}

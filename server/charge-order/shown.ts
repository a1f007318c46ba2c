import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AppEnv } from '../deps';
import type { ReadGrant } from '../auth/middleware';
import { parse } from '../http';
import { AccountIdQuery, GatewayLogQuery, OrderIdQuery } from '@/api/contract/order-detail';
import { ZelleQuery } from '@/api/contract/order-actions';
import { Permission } from '@/domain/permissions';

/**
 * What a charge order's detail shows of other documents, read under CRM2_VIEW_UPG: the order it
 * charged (Trx Detalle's payment methods, Evaluacion de Riesgo), its gateway log (Ejecucion), its
 * Zelle transfers (by its reference code) and its customer (Cliente Detalles). Each only for a
 * charge order of the company; any other order, log, transfer or customer needs the permission of
 * a page that shows it (docs/decisions.md, "Issue 38: reads under the page's own permission").
 */
export function chargeOrderShows(db: Kysely<Database>, tenant: string) {
  const someCharge = () => db.selectFrom('charge_orders').select('id').where('company', '=', tenant).limit(1);
  type Charges = ReturnType<typeof someCharge>;
  const grant = (shows: (c: Context<AppEnv>) => Charges | null): ReadGrant => ({
    permission: Permission.VIEW_UPG,
    shows: async (c) => {
      const charges = shows(c);
      return charges !== null && (await charges.executeTakeFirst()) !== undefined;
    },
  });
  return {
    /** The order a charge order charged. */
    order: grant((c) => someCharge().where('order_id', '=', parse(OrderIdQuery, c.req.query()).orderId)),
    /** A customer who has a charge order. */
    customer: grant((c) => someCharge().where('account_id', '=', parse(AccountIdQuery, c.req.query()).accountId)),
    /**
     * The gateway's log of a charge order: by the order it charged, or by its own id when it charged
     * none (src/features/charge-order/charge-detail.tsx), and always for its customer.
     */
    gatewayLog: grant((c) => {
      const { orderId, accountId } = parse(GatewayLogQuery, c.req.query());
      if (accountId === undefined) return null;
      return someCharge()
        .where('account_id', '=', accountId)
        .where((eb) => eb.or([eb('order_id', '=', orderId), eb.and([eb('order_id', 'is', null), eb('id', '=', orderId)])]));
    }),
    /** The Zelle transfers of a charge order's reference code (linked to it, or offered for a link to it). */
    zelle: grant((c) => {
      const { originId, referenceCode } = parse(ZelleQuery, c.req.query());
      const reference = originId || referenceCode;
      return reference ? someCharge().where('origin_order_id', '=', reference) : null;
    }),
  };
}

import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { requirePermission } from '../auth/middleware';
import { KycVerificationsQuery, RiskListQuery, type KycVerification, type RiskOrder } from '@/api/contract/orders';
import { Permission } from '@/domain/permissions';
import { RISK_QUEUE_STATUSES, type OrderStatus } from '@/domain/order-status';
import { OrdersQuery } from '@/api/contract/order-lists';
import { searchOrders } from '../services/order-lists';

/** GET …/orders/allHistory, served by /orders and by its /rorders twin. */
export function ordersHistoryHandler(deps: AppDeps) {
  return async (c: Context<AppEnv>) => ok(c, await searchOrders(deps.db.kysely, parse(OrdersQuery, c.req.query()), deps.clock.now()));
}

/** The orders service: the order search, the shell's risk queue and KYC counter. */
export function ordersRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  app.get('/secured/orders/allHistory', requirePermission(Permission.VIEW_ORDERS), ordersHistoryHandler(deps));

  app.get('/secured/risk/list', requirePermission(Permission.VIEW_ORDERS), async (c) => {
    const query = parse(RiskListQuery, c.req.query());
    const base = db.selectFrom('orders').where('status', 'in', RISK_QUEUE_STATUSES);
    const [rows, total] = await Promise.all([
      base
        .select(['id', 'account_id', 'created_date', 'status', 'total_price', 'currency', 'email', 'score'])
        .orderBy('created_date', 'desc')
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset(query.page * query.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const orders: RiskOrder[] = rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      createdDate: r.created_date,
      status: r.status as OrderStatus,
      totalPrice: r.total_price,
      currency: r.currency,
      email: r.email,
      score: r.score,
    }));
    return ok(c, { orders, totalElements: Number(total.n) });
  });

  app.get('/secured/kyc/verifications', requirePermission(Permission.VIEW_ORDERS), async (c) => {
    const query = parse(KycVerificationsQuery, c.req.query());
    const rows = await db
      .selectFrom('kyc_decisions')
      .select(['id', 'order_id', 'account_id', 'status', 'created_date_time', 'verification_url'])
      .where('company_id', '=', query.companyId)
      .where('status', '=', 'pending')
      .where('order_id', 'is not', null)
      .orderBy('created_date_time', 'desc')
      .limit(200)
      .execute();
    const elements: KycVerification[] = rows.map((r) => ({
      id: r.id,
      orderId: r.order_id!,
      accountId: r.account_id,
      status: r.status,
      createdDate: r.created_date_time,
      verificationUrl: r.verification_url,
    }));
    return ok(c, { elements, totalElements: elements.length });
  });

  return app;
}

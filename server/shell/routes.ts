import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { jsonBody, ok, parse } from '../http';
import { iso } from '../clock';
import { requirePermission } from '../auth/middleware';
import { riskQueueCount } from '../queue/queues';
import { KycVerificationsQuery, RiskListQuery, type KycVerification, type RiskOrder } from '@/api/contract/orders';
import { DashboardQuery, type Dashboard } from '@/api/contract/reports';
import { FRAUD_CONFIG_PATH, FraudConfigRequest, type FraudConfig } from '@/api/contract/fraud-config';
import { Permission } from '@/domain/permissions';
import { RISK_QUEUE_STATUSES, type OrderStatus } from '@/domain/order-status';

/**
 * What the shell shows around every screen: the risk bell's queue, the KYC counter, the fraud
 * alert's stop lists and the dashboard's figures, computed from the tables.
 */
export function shellRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  app.get('/orders/secured/risk/list', requirePermission(Permission.VIEW_ORDERS), async (c) => {
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
      riskQueueCount(db),
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
    return ok(c, { orders, totalElements: total });
  });

  app.get('/orders/secured/kyc/verifications', requirePermission(Permission.VIEW_ORDERS), async (c) => {
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

  // Where payments, top-ups and bank cards are held: read by the "Alertas de Fraude" modal.
  app.post(FRAUD_CONFIG_PATH, async (c) => {
    parse(FraudConfigRequest, await jsonBody(c));
    const rows = await deps.db.kysely.selectFrom('fraud_stop_list').select(['list', 'value']).orderBy('value').execute();
    const config: FraudConfig = { COUNTRIES_TO_STOP: [], TOPUP_COUNTRIES_TO_STOP: [], BANKS_TO_STOP: [] };
    for (const row of rows) config[row.list].push(row.value);
    return ok(c, config);
  });

  // The route is open to every signed-in user (spec: token only), but its figures are business
  // data (orders by status, sales): they need the orders screen's permission (issue 13 §4).
  app.get('/reports/secured/dashboard', requirePermission(Permission.VIEW_ORDERS), async (c) => {
    const { days } = parse(DashboardQuery, c.req.query());
    const since = iso(deps.clock.now() - days * 86_400_000);
    const [byStatus, risk, errors, users, sales, perDay] = await Promise.all([
      db
        .selectFrom('orders')
        .select(['status as key', (eb) => eb.fn.countAll<number>().as('count')])
        .where('created_date', '>=', since)
        .groupBy('status')
        .orderBy('count', 'desc')
        .execute(),
      riskQueueCount(db),
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'ERROR_PRE_AUTHORIZE')
        .where('created_date', '>=', since)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('is_staff', '=', 0)
        .where('register_date', '>=', since)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('order_items as i')
        .innerJoin('orders as o', 'o.id', 'i.order_id')
        .select(['i.product_type as key', (eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.sum<number>('i.amount').as('total')])
        .where('i.created_date', '>=', since)
        .where('o.status', '=', 'CLOSED')
        .groupBy('i.product_type')
        .orderBy('total', 'desc')
        .execute(),
      db
        .selectFrom('orders')
        .select((eb) => [
          eb.fn<string>('substr', ['created_date', eb.val(1), eb.val(10)]).as('day'),
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>('total_price').as('total'),
        ])
        .where('created_date', '>=', since)
        .where('status', '=', 'CLOSED')
        .groupBy(['day'])
        .orderBy('day')
        .execute(),
    ]);
    const dashboard: Dashboard = {
      since,
      ordersByStatus: byStatus.map((r) => ({ key: r.key, count: Number(r.count) })),
      riskQueue: risk,
      paymentErrors: Number(errors.n),
      newUsers: Number(users.n),
      salesByProduct: sales.map((r) => ({ key: r.key, count: Number(r.count), total: Math.round(Number(r.total) * 100) / 100 })),
      ordersByDay: perDay.map((r) => ({ day: r.day, count: Number(r.count), total: Math.round(Number(r.total) * 100) / 100 })),
    };
    return ok(c, dashboard);
  });

  return app;
}

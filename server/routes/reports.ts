import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../deps';
import { ok, parse } from '../http';
import { iso } from '../clock';
import { DashboardQuery, type Dashboard } from '@/api/contract/reports';
import { RISK_QUEUE_STATUSES } from '@/domain/order-status';

/** The reports service: the dashboard's figures, computed from the tables. */
export function reportsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.db.kysely;

  app.get('/secured/dashboard', async (c) => {
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
      db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', RISK_QUEUE_STATUSES).executeTakeFirstOrThrow(),
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
      riskQueue: Number(risk.n),
      paymentErrors: Number(errors.n),
      newUsers: Number(users.n),
      salesByProduct: sales.map((r) => ({ key: r.key, count: Number(r.count), total: Math.round(Number(r.total) * 100) / 100 })),
      ordersByDay: perDay.map((r) => ({ day: r.day, count: Number(r.count), total: Math.round(Number(r.total) * 100) / 100 })),
    };
    return ok(c, dashboard);
  });

  return app;
}

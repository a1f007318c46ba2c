import * as v from 'valibot';
import { Envelope } from './envelope';

const Count = v.object({ key: v.string(), count: v.number() });
const Amount = v.object({ key: v.string(), count: v.number(), total: v.number() });

/** GET /reports/secured/dashboard: real figures for the dashboard (last 30 days unless noted). */
export const Dashboard = v.object({
  since: v.string(),
  ordersByStatus: v.array(Count),
  riskQueue: v.number(),
  paymentErrors: v.number(),
  newUsers: v.number(),
  salesByProduct: v.array(Amount),
  ordersByDay: v.array(v.object({ day: v.string(), count: v.number(), total: v.number() })),
});
export type Dashboard = v.InferOutput<typeof Dashboard>;
export const DashboardResponse = Envelope(Dashboard);

export const DashboardQuery = v.object({
  days: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'days debe ser un número.'), v.transform(Number), v.minValue(1), v.maxValue(365)),
    '30',
  ),
});

import * as v from 'valibot';
import { ChartSnapshots } from './chart-snapshot';
import { Envelope, IsoDateTime } from './envelope';
import { ChoiceQuery, DayQuery, IdQuery, PageOf, PageQuery } from './query';
import { TERMINATE_CAUSES } from '@/domain/calls';

export const CallRow = v.object({
  id: v.number(),
  accountId: v.number(),
  src: v.nullable(v.string()),
  calledStation: v.string(),
  starTime: IsoDateTime,
  sessionTime: v.number(),
  sessionBill: v.number(),
  nasIpAddress: v.nullable(v.string()),
  minFree: v.number(),
  terminateCauseId: v.number(),
  dnid: v.nullable(v.string()),
  idTrunk: v.nullable(v.number()),
  idTariffPlan: v.nullable(v.number()),
  idTariffGroup: v.nullable(v.number()),
  /** What the call's returns are worth so far, USD (the call detail's returns). */
  returnedValue: v.number(),
  /** The reference server's, on the calls list: the call's `callReturn` chart (docs/contract.md). */
  charts: ChartSnapshots,
});
export type CallRow = v.InferOutput<typeof CallRow>;

const digits = (label: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.replace(/[\s()+-]/g, '')),
      v.check((s) => s === '' || /^\d{3,15}$/.test(s), `${label} debe tener solo dígitos.`),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
  );

const causes = [...new Set(TERMINATE_CAUSES.map((c) => String(c.code)))] as [string, ...string[]];

/** GET /users/secured/call/list */
export const CallsQuery = v.object({
  ...PageQuery(20, 100),
  accountId: IdQuery('El User Id'),
  e164: digits('El teléfono completo'),
  src: digits('El origen'),
  terminateCauseId: ChoiceQuery(causes, 'El estado'),
  startDate: DayQuery,
  endDate: DayQuery,
});
export type CallsQuery = v.InferOutput<typeof CallsQuery>;
export const CallsResponse = Envelope(PageOf(CallRow));

import { Msg } from '@/domain/messages';
import { ReportQuery, ReportResult } from '@/api/contract/customer-reports';
import { extendedEnd, ReportMsg, reportTypeLabel } from '@/domain/reports';
import { Permission } from '@/domain/permissions';
import { customerActionText } from '@/i18n/es-customer-actions';
import { rowOf } from '@/machines/lifecycle/table';
import { reportForm, type ReportPayload } from './reports.form';
export type { ReportPayload };

/** The customer report (CRM7_DO_ACTION, spec details §6): built from the customer's data and e-mailed as CSV. */

/** A report names where it goes: `emailForced` ('' for the customer's own; absent: the button). */
export type ReportsEvent = { type: 'reports.generate'; emailForced?: string };
export interface ReportsContext {
  status: string;
  /** Whether the customer has an e-mail on file (a report without another address goes there). */
  email: boolean;
  permissions: readonly string[];
}
export interface ReportsSubject {
  accountId: number;
}
const row = rowOf<ReportsEvent, ReportsContext, ReportsSubject>();
const text = customerActionText.reports;

export const reportsActions = [
  row({
    event: 'reports.generate',
    form: reportForm,
    label: text.generate,
    variant: 'secondary',
    permissions: [Permission.DO_ACTION],
    confirm: (s, p: ReportPayload) => text.question(reportTypeLabel(p.type), p.startDate, p.endDate, s.accountId),
    success: { title: Msg.requested, text: (_s, r: ReportResult) => text.done(reportTypeLabel(r.type), r.rows, r.sentTo, r.fileName) },
    refused: ReportMsg.refused,
    wire: { client: 'orders', method: 'POST', path: '/orders/secured/generate/reports', query: ReportQuery, data: ReportResult },
    // The end date travels as the day after the last one chosen (spec details §5).
    request: (s, p: ReportPayload) => ({ query: { accountId: s.accountId, type: p.type, emailForced: p.emailForced, phoneNumber: p.phoneNumber, emailNauta: p.emailNauta, startDate: p.startDate, endDate: extendedEnd(p.endDate) } }),
    targets: (r) => [{ accountId: r.query.accountId }],
    eventOf: (r) => ({ type: 'reports.generate', emailForced: r.query.emailForced }),
    handler: 'generate',
  }),
];

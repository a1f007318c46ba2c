import { checkBody } from '@/api/contract/check';
import { ReportQuery } from '@/api/contract/customer-reports';
import { extendedEnd, needsNauta, needsPhone, previousMonth, REPORT_TYPES, type ReportType } from '@/domain/reports';
import { customerActionText } from '@/i18n/es-customer-actions';
import { formOf } from '@/machines/lifecycle/form';

const text = customerActionText.reports;

/** What 'Generar reporte' sends: the type, the days, the number or Nauta address the type needs, and where to send it. */
export interface ReportPayload {
  type: ReportType;
  emailForced: string;
  phoneNumber: string;
  emailNauta: string;
  startDate: string;
  endDate: string;
}

/** 'Generar reporte': the type, the days (the previous month by default; the last one whole), the number or Nauta address the type needs, and where to send it. */
export const reportForm = formOf<unknown, { accountId: number }>()({
  title: text.title,
  id: (s) => `report-${s.accountId}`,
  columns: 2,
  fields: [
    { kind: 'select', name: 'type', label: text.type, span: 2, options: REPORT_TYPES.map((t) => ({ value: t.code, label: t.label })) },
    { kind: 'text', name: 'startDate', id: 'start', type: 'date', label: text.start },
    { kind: 'text', name: 'endDate', id: 'end', type: 'date', label: text.end },
    { kind: 'text', name: 'phoneNumber', id: 'phone', inputMode: 'tel', label: text.phone, when: (f) => needsPhone(f.type as ReportType) },
    { kind: 'text', name: 'emailNauta', id: 'nauta', type: 'email', label: text.nauta, when: (f) => needsNauta(f.type as ReportType) },
    { kind: 'text', name: 'emailForced', id: 'email', type: 'email', label: text.emailForced, span: 2 },
  ],
  initial: () => {
    const { start, end } = previousMonth(Date.now());
    return { type: 'ALL', startDate: start, endDate: end, phoneNumber: '', emailNauta: '', emailForced: '' };
  },
  validate: (f, _c, s) => {
    const endDate = extendedEnd(f.endDate);
    const checked = checkBody(ReportQuery, { ...f, accountId: String(s.accountId), endDate });
    return checked.ok
      ? { ok: true, payload: { type: f.type as ReportType, emailForced: checked.payload.emailForced, phoneNumber: checked.payload.phoneNumber, emailNauta: checked.payload.emailNauta, startDate: f.startDate, endDate: f.endDate } satisfies ReportPayload }
      : checked;
  },
});

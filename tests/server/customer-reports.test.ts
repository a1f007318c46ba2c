import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, sendRow, TEST_NOW, type TestServer } from '../support/server';
import { expectError, json } from '../support/expect-http';
import { parseCsv } from '../support/csv';
import { Envelope } from '@/api/contract/envelope';
import { DefenceResponse, ReportResult, SaldoResponse } from '@/api/contract/customer-reports';
import { Msg } from '@/domain/messages';
import { Permission } from '@/domain/permissions';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { defenceWindow, extendedEnd, isDay, previousMonth, ReportMsg, type ReportType } from '@/domain/reports';
import { rowFor } from '@/machines/lifecycle/table';
import { customerReports } from '@/machines/customer/reports.machine';
import type { ReportPayload } from '@/machines/customer/reports.actions';

/**
 * The customer's reports through the reference server: the customer report built from their data
 * in the window (the last day whole), e-mailed as CSV through the outbox, every §5 text in its
 * order, a replayed key, permission and object-level checks; the defence report by service and
 * gateway, and one order's balance movements.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const accountOf: Record<string, number> = {};
const k = () => server.db.kysely;
let topup: { accountId: number; orderId: number; destination: string; day: string; email: string | null };
const Response = Envelope(ReportResult);
const day = (iso: string) => dayjs(iso).tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD');
const payload = (over: Partial<ReportPayload> = {}): ReportPayload => ({ type: 'TOPUP', emailForced: '', phoneNumber: topup.destination, emailNauta: '', startDate: topup.day, endDate: topup.day, ...over });
const generate = (over: Partial<ReportPayload> = {}, persona = 'soporte', accountId = topup.accountId, headers?: Record<string, string>) =>
  sendRow(server, rowFor(customerReports.rows, 'reports.generate')!, { accountId }, payload(over), tokens[persona]!, { accountId: accountOf[persona]!, ...(headers ? { headers } : {}) });
const mails = (accountId: number) => k().selectFrom('outbox_messages').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(accountId)).where('channel', '=', 'EMAIL').orderBy('id').execute();

beforeAll(async () => {
  server = await createTestServer();
  await server.signInAll(['soporte', 'lector', 'fraude'], { tokens, accountOf });
  // A top-up of a customer with an e-mail: its number, its day in Toronto.
  const row = await k()
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .select(['o.account_id', 'o.id', 'i.destination', 'i.created_date', 'a.email'])
    .where('i.product_type', '=', 'TOPUP')
    .where('i.destination', 'is not', null)
    .where('a.email', 'is not', null)
    .where('a.is_staff', '=', 0)
    .orderBy('i.id')
    .executeTakeFirstOrThrow();
  topup = { accountId: row.account_id, orderId: row.id, destination: row.destination!, day: day(row.created_date), email: row.email };
});
afterAll(() => server.close());

describe('POST /orders/secured/generate/reports', () => {
  it("builds the top-ups to the number in the window (its last day whole) as CSV, e-mails it to the customer, and logs it", async () => {
    const before = (await mails(topup.accountId)).length;
    const { data } = await json(Response, await generate());
    expect(data.rows).toBeGreaterThanOrEqual(1);
    expect(data.sentTo).toBe(topup.email!.toLowerCase());
    expect(data.fileName).toBe(`reporte-topup-${topup.accountId}-${topup.day}-${topup.day}.csv`);
    const [mail] = (await mails(topup.accountId)).slice(before);
    expect(mail!.subject).toContain(data.fileName);
    // The console's CSV dialect (tests/support/csv.ts): the BOM, ';' between fields, CRLF.
    const records = parseCsv(mail!.body);
    expect(records[0]).toEqual(['Reporte Recargas', `Cliente ${topup.accountId}`, `Del ${topup.day} al ${topup.day}`]);
    expect(records).toContainEqual(['Recargas']);
    expect(records).toContainEqual(['Fecha', 'Orden', 'Destino', 'Monto', 'Moneda', 'Estado']);
    const mine = records.find((r) => r[1] === String(topup.orderId) && r[2] === topup.destination);
    // The amount a number an es-ES spreadsheet reads: a decimal comma, no point.
    expect(mine?.[3]).toMatch(/^\d+(,\d+)?$/);
    const log = await k().selectFrom('action_logs').selectAll().where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(topup.accountId)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.action).toBe('customerReports.reports.generate');
    expect(JSON.parse(log.input!)).toEqual({ report: { before: null, after: data.fileName }, rows: { before: null, after: data.rows }, sentTo: { before: null, after: data.sentTo } });
  });

  it('the number may be typed without Cuba’s 53 or its +; a window before the top-up finds none', async () => {
    const short = topup.destination.replace(/^\+?53/, '');
    expect((await json(Response, await generate({ phoneNumber: short }))).data.rows).toBeGreaterThanOrEqual(1);
    const earlier = dayjs(topup.day).subtract(10, 'day').format('YYYY-MM-DD');
    const dayBefore = dayjs(topup.day).subtract(1, 'day').format('YYYY-MM-DD');
    expect((await json(Response, await generate({ startDate: earlier, endDate: dayBefore }))).data.rows).toBe(0);
  });

  it('Todos carries the four sections; it needs the phone and the Nauta address; another address is written to when given', async () => {
    await expectError(await generate({ type: 'ALL' }), 400, 'invalid_request', ReportMsg.nauta);
    const { data } = await json(Response, await generate({ type: 'ALL', emailNauta: 'Ana@Nauta.com.cu', emailForced: 'auditoria@correo.example' }));
    expect(data.sentTo).toBe('auditoria@correo.example');
    const mail = (await mails(topup.accountId)).at(-1)!;
    expect(mail.address).toBe('auditoria@correo.example');
    for (const title of ['Recargas', 'Nautas', 'Llamadas', 'Movimientos de Saldo']) expect(parseCsv(mail.body)).toContainEqual([title]);
  });

  it('checks the dates first, then what the type needs, in the words of §5; nothing is sent', async () => {
    const before = (await mails(topup.accountId)).length;
    await expectError(await generate({ startDate: '', endDate: '' }), 400, 'invalid_request', ReportMsg.range);
    await expectError(await generate({ startDate: '2026-10-10', endDate: '2026-10-01', phoneNumber: '' }), 400, 'invalid_request', ReportMsg.validRange);
    await expectError(await generate({ startDate: '2026-02-30', endDate: '2026-03-02' }), 400, 'invalid_request', ReportMsg.validRange);
    await expectError(await generate({ startDate: '2024-01-01', endDate: '2026-01-01' }), 400, 'invalid_request', ReportMsg.tooLong);
    await expectError(await generate({ phoneNumber: '' }), 400, 'invalid_request', ReportMsg.phone);
    await expectError(await generate({ type: 'NAUTA', emailNauta: 'ana@gmail.com' }), 400, 'invalid_request', ReportMsg.nauta);
    await expectError(await generate({ emailForced: 'no-es-correo' }), 400, 'invalid_request', ReportMsg.email);
    expect((await mails(topup.accountId)).length).toBe(before);
  });

  it("a customer without an e-mail and no address given: the chart's 409 with §5's text, nothing sent, no log; given one, it goes there", async () => {
    const { id } = await k().selectFrom('accounts').select('id').where('is_staff', '=', 0).where('id', '!=', topup.accountId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await k().updateTable('accounts').set({ email: null }).where('id', '=', id).execute();
    const logs = async () => (await k().selectFrom('action_logs').select('id').where('doc_code', '=', 'CUSTOM').where('doc_id', '=', String(id)).execute()).length;
    const before = [(await mails(id)).length, await logs()];
    await expectError(await generate({ type: 'CALLS' }, 'soporte', id), 409, 'conflict', ReportMsg.noEmail);
    expect([(await mails(id)).length, await logs()]).toEqual(before);
    const { data } = await json(Response, await generate({ type: 'CALLS', emailForced: 'auditoria@correo.example' }, 'soporte', id));
    expect(data.sentTo).toBe('auditoria@correo.example');
    expect((await mails(id)).slice(Number(before[0])).map((m) => m.address)).toEqual(['auditoria@correo.example']);
  });

  it('a field a spreadsheet would run as a formula is written as text', async () => {
    await k()
      .insertInto('credit_transactions')
      .values({ account_id: topup.accountId, date_time: dayjs.tz(`${topup.day} 12:00`, DISPLAY_TIME_ZONE).toISOString(), amount: 1, prev_amount: 0, final_amount: 1, credit_type: 'CALL_CREDIT', trn_type: 'INCREASE', description: '=HYPERLINK("http://x.example","clic")' })
      .execute();
    await json(Response, await generate({ type: 'BALANCE' as ReportType }));
    const mail = (await mails(topup.accountId)).at(-1)!;
    expect(parseCsv(mail.body)).toContainEqual(expect.arrayContaining([`'=HYPERLINK("http://x.example","clic")`]));
    expect(parseCsv(mail.body).flat()).not.toContain(`=HYPERLINK("http://x.example","clic")`);
  });

  it('a retry with the same Idempotency-Key sends one report', async () => {
    const before = (await mails(topup.accountId)).length;
    const headers = { 'idempotency-key': 'reporte-1' };
    await json(Response, await generate({}, 'soporte', topup.accountId, headers));
    await json(Response, await generate({}, 'soporte', topup.accountId, headers));
    expect((await mails(topup.accountId)).length).toBe(before + 1);
  });

  it('needs CRM7_DO_ACTION and the editor flag (403, nothing sent); a staff account or unknown id is not a customer', async () => {
    const before = (await mails(topup.accountId)).length;
    await expectError(await generate({}, 'fraude'), 403, 'access_denied', Msg.missingPermission(Permission.DO_ACTION));
    await expectError(await generate({}, 'lector'), 403, 'access_denied');
    expect((await mails(topup.accountId)).length).toBe(before);
    await expectError(await generate({}, 'soporte', accountOf.soporte!), 404, 'not_found');
    await expectError(await generate({}, 'soporte', 99_999_999), 404, 'not_found', 'No se encontró el usuario 99999999.');
  });
});

describe('defence reports', () => {
  const chb = (params: Record<string, string>, persona = 'soporte') => server.get(`/orders/secured/generate/reports-chb?${new URLSearchParams(params)}`, tokens[persona]);
  const YEAR_AGO = dayjs(TEST_NOW).subtract(360, 'day').format('YYYY-MM-DD');
  const wide = () => ({ accountId: String(topup.accountId), star: '2020-01-01', end: dayjs(TEST_NOW).add(1, 'day').format('YYYY-MM-DD') });

  it('lists the customer’s orders of a service in the window, with payment and items; the gateway filters them', async () => {
    const wideAll = await json(DefenceResponse, await chb({ ...wide(), end: '2020-12-31', star: '2020-01-01', type: 'ALL' }));
    expect(wideAll.data.totalElements).toBe(0);
    const everything = (await k().selectFrom('orders').select('id').where('account_id', '=', topup.accountId).where('created_date', '>=', '2020-01-01').execute()).length;
    const all = await json(DefenceResponse, await chb({ ...wide(), star: YEAR_AGO, type: 'ALL' }));
    expect(all.data.totalElements).toBeLessThanOrEqual(everything);
    const topups = await json(DefenceResponse, await chb({ ...wide(), star: YEAR_AGO, type: 'TOPUP' }));
    expect(topups.data.elements.map((o) => o.orderId)).toContain(topup.orderId);
    expect(topups.data.elements.every((o) => o.items.includes('TOPUP '))).toBe(true);
    const row = topups.data.elements.find((o) => o.orderId === topup.orderId)!;
    expect(row.items).toContain(topup.destination);
    const gateway = String(row.pasarela);
    const byGateway = await json(DefenceResponse, await chb({ ...wide(), star: YEAR_AGO, type: 'TOPUP', pasarela: gateway }));
    expect(byGateway.data.elements.every((o) => String(o.pasarela) === gateway)).toBe(true);
  });

  it('refuses a bad window, an unknown service or gateway, the balance movement without its order code, and readers without CRM7_DO_ACTION', async () => {
    await expectError(await chb({ accountId: String(topup.accountId), type: 'ALL', star: '', end: '' }), 400, 'invalid_request', ReportMsg.range);
    await expectError(await chb({ ...wide(), type: 'NADA' }), 400, 'invalid_request', ReportMsg.service);
    await expectError(await chb({ ...wide(), star: YEAR_AGO, type: 'ALL', pasarela: '99' }), 400, 'invalid_request', ReportMsg.gateway);
    await expectError(await chb({ ...wide(), star: YEAR_AGO, type: 'BALANCE_MOVEMENT' }), 400, 'invalid_request', ReportMsg.orderCode);
    await expectError(await chb({ ...wide(), star: YEAR_AGO, type: 'ALL', size: '101' }), 400, 'invalid_request', 'El tamaño no puede superar 100.');
    expect((await chb({ ...wide(), star: YEAR_AGO, type: 'ALL' }, 'lector')).status).toBe(403);
  });

  it("one order's balance movements by its number or origin code; another customer's order is not found", async () => {
    await k()
      .insertInto('credit_transactions')
      .values({ account_id: topup.accountId, date_time: new Date(TEST_NOW).toISOString(), amount: 3, prev_amount: 0, final_amount: 3, credit_type: 'CALL_CREDIT', trn_type: 'INCREASE', description: `Compensación por la orden ${topup.orderId}` })
      .execute();
    await k()
      .insertInto('credit_transactions')
      .values({ account_id: topup.accountId, date_time: new Date(TEST_NOW).toISOString(), amount: 4, prev_amount: 3, final_amount: 7, credit_type: 'CALL_CREDIT', trn_type: 'INCREASE', description: `Compensación por la orden ${topup.orderId}9` })
      .execute();
    const { data } = await json(SaldoResponse, await server.get(`/orders/secured/generate/reports-saldo?accountId=${topup.accountId}&salesOrderId=${topup.orderId}`, tokens.soporte));
    expect(data.order.orderId).toBe(topup.orderId);
    expect(data.movements.map((m) => m.description)).toEqual([`Compensación por la orden ${topup.orderId}`]);
    const origin = data.order.originOrderId!;
    expect((await json(SaldoResponse, await server.get(`/orders/secured/generate/reports-saldo?accountId=${topup.accountId}&salesOrderId=${origin}`, tokens.soporte))).data.order.orderId).toBe(topup.orderId);
    const other = await k().selectFrom('orders').select('id').where('account_id', '!=', topup.accountId).executeTakeFirstOrThrow();
    await expectError(await server.get(`/orders/secured/generate/reports-saldo?accountId=${topup.accountId}&salesOrderId=${other.id}`, tokens.soporte), 404, 'not_found', ReportMsg.orderNotTheirs(String(other.id), topup.accountId));
    await expectError(await server.get(`/orders/secured/generate/reports-saldo?accountId=${topup.accountId}&salesOrderId=`, tokens.soporte), 400, 'invalid_request', ReportMsg.orderCode);
  });
});

describe('report windows', () => {
  it('the customer report defaults to the previous month; the defence report to four months back to the end of last month (Toronto)', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(previousMonth(now)).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    expect(defenceWindow(now)).toEqual({ start: '2026-07-01', end: '2026-10-31' });
    // 1 December 03:00 UTC is still 30 November in Toronto.
    expect(previousMonth(Date.UTC(2026, 11, 1, 3))).toEqual({ start: '2026-10-01', end: '2026-10-31' });
    // Across the new year, a leap February, and every day of a year against dayjs' time zone.
    expect(previousMonth(Date.UTC(2027, 0, 10, 12))).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(defenceWindow(Date.UTC(2027, 1, 10, 12))).toEqual({ start: '2026-10-01', end: '2027-01-31' });
    expect(previousMonth(Date.UTC(2028, 2, 10, 12))).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    for (let at = Date.UTC(2026, 0, 1, 4, 30); at < Date.UTC(2027, 0, 1); at += 86_400_000 + 3_600_000) {
      const month = dayjs(at).tz(DISPLAY_TIME_ZONE).startOf('month');
      expect(previousMonth(at)).toEqual({ start: month.subtract(1, 'month').format('YYYY-MM-DD'), end: month.subtract(1, 'day').format('YYYY-MM-DD') });
      expect(defenceWindow(at)).toEqual({ start: month.subtract(4, 'month').format('YYYY-MM-DD'), end: month.subtract(1, 'day').format('YYYY-MM-DD') });
    }
  });

  it('a request’s end is the day after the one chosen; only real days are days', () => {
    expect(extendedEnd('2026-12-31')).toBe('2027-01-01');
    expect(extendedEnd('2028-02-28')).toBe('2028-02-29');
    // Not a day: sent as it came, for the server to refuse in its own words.
    expect([extendedEnd('2026-02-31'), extendedEnd(''), extendedEnd(undefined)]).toEqual(['2026-02-31', '', undefined]);
    expect(isDay('2026-02-28')).toBe(true);
    expect(['2026-02-31', '2026-2-01', 'abc', '', '2026-13-01'].map(isDay)).toEqual([false, false, false, false, false]);
  });
});

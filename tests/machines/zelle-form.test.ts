import { describe, expect, it } from 'vitest';
import { dayjs, DISPLAY_TIME_ZONE } from '@/domain/time';
import { rowFor } from '@/machines/lifecycle/table';
import { restoredChart } from '@/machines/lifecycle/restore';
import { zelleLink } from '@/machines/order/zelle-link.machine';

/** 'Registrar transferencia' as the section opens it: the row's form, from the chart restored from a registration's snapshot. */
function opened(referenceCode: string | null) {
  const row = rowFor(zelleLink.rows, 'zelle.register')!;
  const form = row.form!;
  const context = restoredChart(zelleLink.machine, { registered: false, linked: false, processed: false, orderStatus: 'OPEN', permissions: [] }).context;
  const subject = { orderId: 7, referenceCode };
  return { row, form, context, subject, value: form.initial(context, subject) as Record<string, string> };
}

const typed = { name: 'Ana Pérez', amount: '25.50', createDate: '2026-11-20', from: 'ana@correo.example', to: 'pagos@cubacel.example' };

describe("the Zelle registration's form beside its chart", () => {
  it("opens empty with today's date and the order's reference code, under the row's title and ids", () => {
    const { form, context, subject, value } = opened('A000000123');
    expect(value).toEqual({ name: '', amount: '', createDate: dayjs().tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD'), from: '', to: '', referenceCode: 'A000000123' });
    expect(opened(null).value.referenceCode).toBe('');
    expect([form.title, form.description?.(context, subject), form.id(subject)]).toEqual(['Registrar transferencia Zelle', 'Moneda: USD', 'zelle']);
    expect(form.fields.map((f) => f.name)).toEqual(['name', 'amount', 'createDate', 'from', 'to', 'referenceCode']);
  });

  it("sends the contract's body in USD, linked with a reference and unlinked without one", () => {
    const { form, context, subject } = opened('A000000123');
    expect(form.validate({ ...typed, referenceCode: 'A000000123' }, context, subject)).toEqual({ ok: true, payload: { ...typed, amount: 25.5, currency: 'USD', referenceCode: 'A000000123' } });
    expect(form.validate({ ...typed, referenceCode: '  ' }, context, subject)).toEqual({ ok: true, payload: { ...typed, amount: 25.5, currency: 'USD' } });
  });

  it("refuses what the server would, with the contract's Spanish messages", () => {
    const { form, context, subject } = opened('A000000123');
    expect(form.validate({ ...typed, name: ' ', referenceCode: '' }, context, subject)).toEqual({ ok: false, message: 'Debe indicar el nombre de quien envía.' });
    expect(form.validate({ ...typed, amount: '0', referenceCode: '' }, context, subject)).toEqual({ ok: false, message: 'El monto debe ser mayor que 0, con 2 decimales como máximo, y no superar 1000000.' });
    expect(form.validate({ ...typed, createDate: '20/11/2026', referenceCode: '' }, context, subject)).toEqual({ ok: false, message: 'La fecha debe tener el formato AAAA-MM-DD.' });
  });

  it('asks the question of the registration it will send', () => {
    const { row, form, context, subject } = opened('A000000123');
    const checked = form.validate({ ...typed, referenceCode: 'A000000123' }, context, subject);
    if (!checked.ok) throw new Error(checked.message);
    expect(row.confirm(subject, checked.payload)).toBe('¿Registrar la transferencia de Ana Pérez por 25,50 USD y vincularla a la orden A000000123?');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { PickupPrepaidMsg } from '@/domain/pickup-prepaid';
import { Permission } from '@/domain/permissions';
import { RemittanceMsg } from '@/domain/remittance';
import { TopupMsg } from '@/domain/topup';
import { topupItem } from '@/machines/items/topup.machine';
import { topupClaim } from '@/machines/items/topup-claim.machine';
import { topupActions } from '@/machines/items/topup.actions';
import { homeRemittance } from '@/machines/items/home-remittance.machine';
import { bankRemittance } from '@/machines/items/bank-remittance.machine';
import { pickupCash } from '@/machines/items/pickup-cash.machine';
import { prepaidCard } from '@/machines/items/prepaid-card.machine';
import { deliveryForm } from '@/machines/items/home-remittance.form';
import { followed, stepped, titleOf } from '@/machines/lifecycle/form';
import { restoredChart } from '@/machines/lifecycle/restore';
import { rowFor, type AnyLifecycle, type AnyRow } from '@/machines/lifecycle/table';
import { persona } from '../support/chart-checks';

const subject = { id: 55, orderId: 9, offerId: 40, appName: 'CRM' };
const base = { orderStatus: 'CLOSED' };

/** A row's form as the screen opens it: from the chart restored with the page's facts. */
function opened(lifecycle: AnyLifecycle, event: string, input: Record<string, unknown>, permissions: readonly string[] = [Permission.OPERATIONS_SPECIALIST], s: unknown = subject) {
  const form = rowFor(lifecycle.rows, event)!.form!;
  const snapshot = restoredChart(lifecycle.machine, { ...base, ...input, permissions });
  const value = form.initial(snapshot.context, s) as Record<string, unknown>;
  return { form, snapshot, context: snapshot.context, value, check: (typed: Record<string, unknown>) => form.validate({ ...value, ...typed }, snapshot.context, s) };
}

const address = { recipientName: 'Ana Pérez', mobile: '+5352345678', landLine: null, province: 'La Habana', provinceCode: 'CU-03', municipality: 'Playa', municipalityCode: 'CU-03-13', neighborhood: null, address: 'Calle 1 #2', indications: null, deliveryFrom: null, zipCode: null };

describe('the top-up forms beside their charts', () => {
  it("'Cambiar destino' asks a Nauta account or a Cubacel number by the product shown, and checks it as the server does", () => {
    const nauta = opened(topupItem, 'item.editDestination', { status: 'OPEN', offerExpired: false, productType: 'TOPUP_NAUTA', destination: 'ana@nauta.com.cu' });
    expect(nauta.value).toEqual({ destination: 'ana@nauta.com.cu', fulfillNow: false });
    const shown = (o: typeof nauta) => o.form.fields.filter((f) => !f.when || f.when(o.value, o.context)).map((f) => (f.kind === 'text' ? f.type : f.kind));
    expect(shown(nauta)).toEqual(['email', 'checkbox']);
    const phone = opened(topupItem, 'item.editDestination', { status: 'OPEN', offerExpired: false, productType: 'TOPUP', destination: null });
    expect(shown(phone)).toEqual(['tel', 'checkbox']);
    expect(phone.check({ destination: '' })).toEqual({ ok: false, message: 'destino requerido!' });
    expect(phone.check({ destination: '5352345678', fulfillNow: true })).toMatchObject({ ok: true, payload: { fulfillNow: true } });
    expect(titleOf(phone.form, phone.context, subject)).toBe('Cambiar destino de la recarga 55');
  });

  it("'Cambiar estado' offers the statuses the chart accepts from the person: IMPOSSIBLE only to specialists", () => {
    const choices = (permissions: readonly string[]) => {
      const { form, snapshot } = opened(topupItem, 'item.changeStatus', { status: 'ERROR', offerExpired: false }, [Permission.EDITOR, ...permissions]);
      const field = form.fields[0]!;
      if (field.kind !== 'select' || !field.accepted) throw new Error('a select of accepted statuses');
      return field.options.filter((o) => snapshot.can(field.accepted!(o.value))).map((o) => o.value);
    };
    expect(choices([Permission.OPERATIONS_SPECIALIST])).toContain('IMPOSSIBLE');
    expect(choices([Permission.DO_ACTION])).not.toContain('IMPOSSIBLE');
    expect(choices([Permission.DO_ACTION]).length).toBeGreaterThan(0);
    const { check } = opened(topupItem, 'item.changeStatus', { status: 'ERROR', offerExpired: false });
    expect(check({})).toEqual({ ok: false, message: 'Debe elegir el nuevo estado.' });
    expect(check({ status: 'OPEN' })).toEqual({ ok: true, payload: 'OPEN' });
  });

  it("'Reiniciar intentos' warns of an expired offer; the mass reset opens on the last seven days and checks its window", () => {
    const expired = opened(topupItem, 'item.resetTries', { status: 'MULTIPLE', offerExpired: true });
    expect(expired.form.warning!(expired.context, subject)).toBe(TopupMsg.offerExpired);
    const running = opened(topupItem, 'item.resetTries', { status: 'IMPOSSIBLE', offerExpired: false });
    expect(running.form.warning!(running.context, subject)).toBeNull();
    expect(running.check({ fulfillNow: true })).toEqual({ ok: true, payload: true });

    vi.useFakeTimers({ now: new Date('2026-03-10T15:00:00Z') });
    const mass = topupActions.find((r) => r.bulk)!.form!;
    const window = mass.initial({} as never, null as never);
    vi.useRealTimers();
    expect(window).toEqual({ startDate: '2026-03-04', endDate: '2026-03-10' });
    expect(mass.validate(window, {} as never, null as never)).toEqual({ ok: true, payload: window });
    expect(mass.validate({ startDate: '2026-03-10', endDate: '2026-03-01' }, {} as never, null as never)).toEqual({ ok: false, message: 'Debe especificar un rango de fecha valida.' });
  });

  it("'Reclamar' names the claim made next and needs what the customer says", () => {
    const first = opened(topupClaim, 'claim.add', { claims: 0, itemStatus: 'FULFILLED' }, [], { ...subject, claims: 0 });
    expect(first.form.description!(first.context, subject)).toBe('Reclamo: RECLAM 1era');
    const second = opened(topupClaim, 'claim.add', { claims: 1, itemStatus: 'FULFILLED' }, [], { ...subject, claims: 1 });
    expect(second.form.description!(second.context, subject)).not.toBe('Reclamo: RECLAM 1era');
    expect(first.check({ note: '   ' })).toEqual({ ok: false, message: TopupMsg.claimRequired });
    expect(first.check({ note: ' no llegó ' })).toEqual({ ok: true, payload: 'no llegó' });
  });
});

describe('the remittance and pickup forms beside their charts', () => {
  it("a home remittance's address opens as shown (the mobile's 8 digits) and is checked as the server does", () => {
    const { value, check, form } = opened(homeRemittance, 'item.modifyDestination', { status: 'OPEN', trackingNumber: null, shippingAddress: address });
    expect(value).toMatchObject({ recipientName: 'Ana Pérez', mobile: '52345678', provinceCode: 'CU-03', municipalityCode: 'CU-03-13' });
    expect(form.id(subject)).toBe('home-address-55');
    expect(check({})).toMatchObject({ ok: true, payload: { foiId: 55, recipientName: 'Ana Pérez' } });
    expect(check({ mobile: '7830123' })).toEqual({ ok: false, message: RemittanceMsg.mobile });
  });

  it("'Reportar entrega' checks courier, date, receiver and receipt, and sends the receipt first, its URL with the delivery", async () => {
    const { form, context } = opened(homeRemittance, 'item.deliver', { status: 'IN_TRANSIT', trackingNumber: 'T1' });
    // The receipt's photo opens a phone's back camera (issue 41 §4), as the pickup's does.
    expect(form.fields.find((f) => f.name === 'receipt')).toMatchObject({ kind: 'file', capture: 'environment' });
    const now = Date.parse('2026-03-10T15:00:00Z');
    const typed = { ...deliveryForm(now), courierId: '3', receiver: ' Pedro ' };
    expect(form.validate({ ...typed, courierId: '' }, context, subject)).toEqual({ ok: false, message: RemittanceMsg.courierRequired });
    expect(form.validate({ ...typed, receiver: '' }, context, subject)).toEqual({ ok: false, message: RemittanceMsg.receiverRequired });
    expect(form.validate({ ...typed, deliveryDate: '2999-01-01T00:00' }, context, subject)).toEqual({ ok: false, message: RemittanceMsg.deliveryDateFuture });
    expect(form.validate({ ...typed, receipt: new File(['x'], 'a.gif', { type: 'image/gif' }) }, context, subject)).toEqual({ ok: false, message: RemittanceMsg.imageType });

    const receipt = new File(['x'], 'recibo.png', { type: 'image/png' });
    const checked = form.validate({ ...typed, receipt }, context, subject);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.payload).toMatchObject({ courierId: 3, receiver: 'Pedro', receipt, receiptImageUrl: null });
    const sent: [string, unknown][] = [];
    const send = async (row: never, payload: unknown) => {
      sent.push([(row as AnyRow).event, payload]);
      return { receiptImageUrl: '/recibos/1.png' };
    };
    expect(await stepped(form, homeRemittance.rows, checked.payload, send)).toMatchObject({ receipt: null, receiptImageUrl: '/recibos/1.png' });
    expect(sent).toEqual([['item.uploadReceipt', receipt]]);
    // No photo: nothing goes first.
    const bare = { ...checked.payload, receipt: null };
    expect(await stepped(form, homeRemittance.rows, bare, send)).toBe(bare);
    expect(sent).toHaveLength(1);
  });

  it('a reason is required for review and back to processing', () => {
    for (const event of ['item.review', 'item.backToProcessing']) {
      const { check } = opened(homeRemittance, event, { status: 'FULFILLED', trackingNumber: 'T1' });
      expect(check({ reason: ' ' })).toEqual({ ok: false, message: RemittanceMsg.reasonRequired });
      expect(check({ reason: ' tarde ' })).toEqual({ ok: true, payload: 'tarde' });
    }
  });

  it("a bank remittance's destination opens as shown and its card is checked first; a provider must be chosen", () => {
    const remittance = { sender: { fullName: 'Luis', identityDocPhotoUrl: null }, recipient: { fullName: 'Ana', identityCard: '85010112345', phoneNumber: '+5352345678', cardNumber: '9225959875865500', bankName: null }, shippingAddress: address };
    const destination = opened(bankRemittance, 'item.modifyDestination', { status: 'MANUAL', remittance });
    expect(destination.value).toMatchObject({ cardNumber: '9225959875865500', name: 'Ana', phoneNumber: '52345678', province: 'CU-03', municipality: 'CU-03-13', senderFullName: 'Luis', docImageFile: undefined });
    expect(destination.check({ cardNumber: '' })).toEqual({ ok: false, message: RemittanceMsg.destinationRequired });
    const provider = opened(bankRemittance, 'item.modifyProvider', { status: 'MANUAL', provider: 'BANDEC' });
    expect(provider.form.description!(provider.context, subject)).toBe('Proveedor actual: BANDEC');
    expect(provider.check({})).toEqual({ ok: false, message: RemittanceMsg.providerRequired });
    // The form takes any provider of the list; the chart refuses the one it has (form-chart-refusals.test.ts).
    expect(provider.check({ provider: 'BANDEC' })).toEqual({ ok: true, payload: 'BANDEC' });
  });

  it("a pickup's forms: the address as shown, a reason, a delivery not ahead of the clock, a required receipt", () => {
    const pickup = { ...subject, pickupId: 900 };
    const input = { status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED', shippingAddress: address };
    expect(opened(pickupCash, 'item.editDestination', input, [Permission.OPERATIONS_SPECIALIST], pickup).check({})).toMatchObject({ ok: true, payload: { orderId: 9, foiid: 55 } });
    expect(opened(pickupCash, 'item.review', input, [Permission.OPERATIONS_SPECIALIST], pickup).check({ reason: '' })).toEqual({ ok: false, message: PickupPrepaidMsg.reason });
    const deliver = opened(pickupCash, 'item.deliver', input, [Permission.PICKUP_DELIVERY], pickup);
    expect(deliver.check({ receiver: 'Marta', when: '2999-01-01T10:00' })).toEqual({ ok: false, message: PickupPrepaidMsg.futureDate });
    expect(deliver.check({ receiver: 'Marta' })).toEqual({ ok: false, message: RemittanceMsg.imageRequired });
    const photo = new File(['x'], 'recibo.png', { type: 'image/png' });
    expect(deliver.check({ receiver: 'Marta', receipt: photo })).toMatchObject({ ok: true, payload: { receiver: 'Marta', receipt: photo } });
    const receipt = opened(pickupCash, 'item.attachReceipt', input, [Permission.PICKUP_DELIVERY], pickup);
    expect(receipt.check({})).toEqual({ ok: false, message: RemittanceMsg.imageRequired });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'r.png', { type: 'image/png' });
    expect(receipt.check({ file: big })).toEqual({ ok: false, message: RemittanceMsg.imageSize });
  });

  it("'Reportar entrega' of a pickup sends the receipt after the delivery ('Adjuntar recibo'); its failure leaves the delivery and says so", async () => {
    const pickup = { ...subject, pickupId: 900 };
    const deliver = opened(pickupCash, 'item.deliver', { status: 'PENDING_DELIVERY', deliveryStatus: 'ASSIGNED' }, [Permission.PICKUP_DELIVERY], pickup);
    const receipt = new File(['x'], 'recibo.jpg', { type: 'image/jpeg' });
    const checked = deliver.check({ receiver: 'Marta', receipt });
    if (!checked.ok) throw new Error(checked.message);
    // Nothing goes before the delivery: its own payload is sent as it is.
    const nothing = async () => {
      throw new Error('nothing is sent before the delivery');
    };
    expect(await stepped(deliver.form, pickupCash.rows, checked.payload, nothing)).toBe(checked.payload);
    const row = rowFor(pickupCash.rows, 'item.deliver')!;
    expect(row.request(pickup, checked.payload, { accountId: 1, tenant: 'cubacel' })).toEqual({ body: { remittanceId: 900, receiver: 'Marta', deliveryDate: expect.any(String), notes: null } });

    const sent: [string, unknown][] = [];
    const send = async (r: never, payload: unknown) => {
      sent.push([(r as AnyRow).event, payload]);
      return { receiptImageUrl: '/recibos/1.jpg' };
    };
    const reason = (error: unknown) => (error as Error).message;
    expect(await followed(deliver.form, pickupCash.rows, checked.payload, pickup, send, reason)).toBeNull();
    expect(sent).toEqual([['item.attachReceipt', receipt]]);
    // The after step's row is accepted by the chart once the delivery has moved it (FULFILLED), not before.
    const after = (status: string, deliveryStatus: string) =>
      restoredChart(pickupCash.machine, { orderStatus: 'OPEN', status, deliveryStatus, permissions: persona('entregas') }).can({ type: 'item.attachReceipt' });
    expect([after('PENDING_DELIVERY', 'ASSIGNED'), after('FULFILLED', 'FULFILLED')]).toEqual([false, true]);

    const refused = async () => {
      throw new Error('Sin conexión.');
    };
    expect(await followed(deliver.form, pickupCash.rows, checked.payload, pickup, refused, reason)).toBe(
      "La recogida 55 quedó entregada, pero no se pudo adjuntar el recibo (Sin conexión). Vuelva a intentarlo con 'Adjuntar recibo'.",
    );
    // A form without an after step, or a step with nothing to send, sends nothing after.
    const home = opened(homeRemittance, 'item.deliver', { status: 'IN_TRANSIT', trackingNumber: 'T1' });
    expect(await followed(home.form, homeRemittance.rows, checked.payload, subject, refused, reason)).toBeNull();
    expect(await followed({ after: { event: 'item.attachReceipt', payload: () => null, failed: () => 'x' } }, pickupCash.rows, checked.payload, pickup, refused, reason)).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it("a prepaid card's destination opens as shown and sends the place's names", () => {
    const card = { folio: null, recipientFullName: 'Ana', recipientPhoneNumber: '+5352345678', recipientCity: 'La Habana', recipientCityCode: 'CU-03', recipientMunicipality: 'Playa', recipientMunicipalityCode: 'CU-03-13', recipientNeighborhood: null, recipientAddress: 'Calle 1', recipientInstruction: null };
    const { value, check } = opened(prepaidCard, 'item.editDestination', { status: 'PENDING', hasDestination: true, card });
    expect(value).toMatchObject({ provinceCode: 'CU-03', province: 'La Habana', municipalityCode: 'CU-03-13', municipality: 'Playa' });
    expect(check({})).toMatchObject({ ok: true, payload: { recipientCity: 'La Habana', recipientMunicipality: 'Playa', recipientPhoneNumber: '+5352345678' } });
    expect(check({ province: '' })).toEqual({ ok: false, message: PickupPrepaidMsg.province });
  });
});

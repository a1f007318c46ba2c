import { describe, expect, it } from 'vitest';
import { AddressMsg } from '@/domain/address-rules';
import { CallReturnMsg } from '@/domain/call-return';
import { CardMsg } from '@/domain/cards';
import { DocumentMsg } from '@/domain/documents';
import { formatNumber } from '@/domain/format';
import { PhoneMsg } from '@/domain/phones';
import { RegisterMsg } from '@/domain/registration';
import { RemittanceMsg } from '@/domain/remittance';
import { callReturn } from '@/machines/call/call-return.machine';
import { savedCard } from '@/machines/customer/card.machine';
import { userDocument, userDocuments } from '@/machines/customer/document.machine';
import { customerPhones } from '@/machines/customer/phone.machine';
import { bankRecipient, homeRecipient } from '@/machines/customer/recipient.machine';
import { customerRegistry } from '@/machines/customer/register.machine';
import type { RowForm } from '@/machines/lifecycle/form';
import { png } from '../support/images';
import { opened } from '../support/row-forms';

/** The ids the dialog gives a form's fields shown for what is typed (src/ui/row-form.tsx: the stem and each field's end). */
const idsOf = (form: RowForm, value: Record<string, unknown>, context: unknown, subject: unknown) =>
  form.fields.filter((f) => !f.when || f.when(value, context)).map((f) => (f.id === '' ? form.id(subject) : `${form.id(subject)}-${f.id ?? f.name}`));

describe('the customer-side forms open from their chart and check what was typed with the contract', () => {
  const card = { accountId: 12, id: 40, firstSix: '411111', lastFour: '1111' };

  it("'Pedir papeles' sends no e-mail when left empty and refuses one that is not", () => {
    const { form, value, check, context } = opened(savedCard, 'card.requestPapers', { status: 'unverified', visible: true }, card);
    expect(value).toEqual({ emailForced: '' });
    expect(idsOf(form, value, context, card)).toEqual(['card-40-email']);
    expect(check({})).toEqual({ ok: true, payload: { emailForced: null } });
    expect(check({ emailForced: 'no-es-correo' })).toEqual({ ok: false, message: CardMsg.email });
    expect(check({ emailForced: ' otra@correo.example ' })).toEqual({ ok: true, payload: { emailForced: 'otra@correo.example' } });
  });

  it("'Cambiar pasarela' opens on the card's gateway (the chart refuses it: form-chart-refusals.test.ts) and refuses any code not in §9", () => {
    const { form, value, check, context } = opened(savedCard, 'card.gateway', { status: 'verified', visible: true, paymentSystem: 7 }, card);
    expect(value).toEqual({ paymentSystem: '7' });
    expect(idsOf(form, value, context, card)).toEqual(['card-40-gateway']);
    expect(check({})).toEqual({ ok: true, payload: { paymentSystem: 7 } });
    expect(check({ paymentSystem: '13' })).toEqual({ ok: true, payload: { paymentSystem: 13 } });
    expect(check({ paymentSystem: '99' })).toEqual({ ok: false, message: CardMsg.gateway });
  });

  it("'Crear Nuevo Cliente' checks e-mail, then prefix, then phone, and joins them into the username", () => {
    const { form, value, check, context } = opened(customerRegistry, 'customers.register', { status: 'open' }, {});
    expect(idsOf(form, value, context, {})).toEqual(['register-email', 'register-prefix', 'register-phone', 'register-first-name', 'register-last-name']);
    expect(check({})).toEqual({ ok: false, message: RegisterMsg.email });
    expect(check({ email: 'n@correo.example' })).toEqual({ ok: false, message: RegisterMsg.prefix });
    expect(check({ email: 'n@correo.example', prefix: '53' })).toEqual({ ok: false, message: RegisterMsg.phone });
    expect(check({ email: 'n@correo.example', prefix: '53', phone: '55550199', firstName: 'Nueva' })).toEqual({
      ok: true,
      payload: { email: 'n@correo.example', username: '5355550199', firstName: 'Nueva', lastName: '' },
    });
  });

  it("'Agregar teléfono' asks the prefix before the number", () => {
    const { form, value, check, context } = opened(customerPhones, 'phones.create', { status: 'open' });
    expect(idsOf(form, value, context, { accountId: 12 })).toEqual(['phones-12-prefix', 'phones-12-number']);
    expect(check({ phoneNumber: '55550199' })).toEqual({ ok: false, message: PhoneMsg.prefixRequired });
    expect(check({ prefix: '53' })).toEqual({ ok: false, message: PhoneMsg.phoneRequired });
    expect(check({ prefix: '+53', phoneNumber: '55550199' })).toMatchObject({ ok: true, payload: { accountId: 12, prefix: '53' } });
  });

  it("'Agregar documento' opens on an identity document and requires its photo, an image the server takes", () => {
    const { form, value, check, context } = opened(userDocuments, 'documents.add', { status: 'open' });
    expect(value).toEqual({ type: 'IDENTITY_DOCUMENT', file: undefined });
    expect(idsOf(form, value, context, { accountId: 12 })).toEqual(['documents-12-type', 'documents-12-photo']);
    expect(check({})).toEqual({ ok: false, message: DocumentMsg.photoRequired });
    expect(check({ type: '', file: png() })).toEqual({ ok: false, message: DocumentMsg.typeRequired });
    expect(check({ file: png('a.txt', 'text/plain') })).toEqual({ ok: false, message: RemittanceMsg.imageType });
    expect(check({ file: new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' }) })).toEqual({ ok: false, message: RemittanceMsg.imageSize });
    const photo = png();
    expect(check({ type: 'PASSPORT', file: photo })).toEqual({ ok: true, payload: { type: 'PASSPORT', file: photo } });
  });

  it("'Actualizar documento' opens on the type the tab shows; a new photo is optional but checked", () => {
    const subject = { id: 5, accountId: 12, type: 'PASSPORT' };
    const { form, value, check, context } = opened(userDocument, 'document.update', { status: 'APPROVED', type: 'PASSPORT' }, subject);
    expect(value).toEqual({ type: 'PASSPORT', file: undefined });
    expect(idsOf(form, value, context, subject)).toEqual(['document-5-type', 'document-5-photo']);
    expect(check({})).toEqual({ ok: true, payload: { type: 'PASSPORT' } });
    expect(check({ file: png('a.gif', 'image/gif') })).toEqual({ ok: false, message: RemittanceMsg.imageType });
  });

  it("'Devolución parcial' shows one amount field in the type's unit and refuses more than is left of the call", () => {
    // 0.50 USD over 3 billed minutes: 3 free minutes or 0.50 USD are left.
    const cost = { bill: 0.5, returned: 0, seconds: 150 };
    const subject = { callId: 9, accountId: 12 };
    const { form, value, check, context } = opened(callReturn, 'call.returnPartial', { status: 'open', ...cost }, subject);
    expect(value).toEqual({ returnType: 'FREE_MIN', amount: '' });
    expect(form.description?.(context, subject)).toBe(`Máximo: 3 minutos · ${formatNumber(0.5)} USD`);
    const shown = (typed: Record<string, unknown>) => form.fields.filter((f) => !f.when || f.when({ ...value, ...typed }, context)).map((f) => f.label);
    expect(shown({})).toEqual(['Tipo', 'Minutos']);
    expect(shown({ returnType: 'CALL_CREDIT' })).toEqual(['Tipo', 'Cantidad (USD)']);
    expect(idsOf(form, { returnType: 'CALL_CREDIT' }, context, subject)).toEqual(['call-9-type', 'call-9-amount']);
    expect(check({ amount: '5' })).toEqual({ ok: false, message: CallReturnMsg.tooMuch('3 minutos') });
    expect(check({ amount: '1.5' })).toEqual({ ok: false, message: CallReturnMsg.minutes });
    expect(check({ amount: '1' })).toEqual({ ok: true, payload: { returnType: 'FREE_MIN', amount: 1 } });
    expect(check({ returnType: 'CALL_CREDIT', amount: '0.6' })).toEqual({ ok: false, message: CallReturnMsg.tooMuch(`${formatNumber(0.5)} USD`) });
    expect(check({ returnType: 'CALL_CREDIT', amount: '0.5' })).toEqual({ ok: true, payload: { returnType: 'CALL_CREDIT', amount: 0.5 } });
  });

  const subject = { id: 7, accountId: 12, name: 'Ana' };

  it("a home recipient's 'Actualizar Datos del Destinatario' opens with the recipient as listed and sends its version", () => {
    const recipient = {
      id: 7,
      accountId: 12,
      recipientName: 'Ana',
      address: 'Calle 1',
      neighborhood: null,
      municipality: 'Cárdenas',
      municipalityCode: 'CU-04-02',
      province: 'Matanzas',
      provinceCode: 'CU-04',
      mobile: '+5355551234',
      landLine: null,
      indications: null,
      deliveryFrom: '09:00',
      deliveryTo: '18:00',
      version: 3,
    };
    const { form, value, check, context } = opened(homeRecipient, 'recipient.update', { status: 'saved', recipient }, subject);
    expect(value).toMatchObject({ recipientName: 'Ana', mobile: '55551234', provinceCode: 'CU-04', municipalityCode: 'CU-04-02', neighborhood: '', deliveryFrom: '09:00', deliveryTo: '18:00' });
    expect(idsOf(form, value, context, subject)).toEqual(['recipient-7-name', 'recipient-7-mobile', 'recipient-7-landline', 'recipient-7', 'recipient-7-neighborhood', 'recipient-7-address', 'recipient-7-indications', 'recipient-7-from', 'recipient-7-to']);
    expect(check({})).toMatchObject({ ok: true, payload: { id: 7, accountId: 12, version: 3, mobile: '+5355551234', deliveryTo: '18:00' } });
    expect(check({ mobile: '' })).toEqual({ ok: false, message: RemittanceMsg.destinationRequired });
    expect(check({ deliveryTo: '25:00' })).toEqual({ ok: false, message: AddressMsg.hour });
  });

  it("a bank recipient's 'Actualizar Datos del Destinatario' opens with its place codes, checks the card first and the zip code", () => {
    const recipient = {
      id: 7,
      fullName: 'Ana',
      address: { address: 'Calle 1', neighborhood: null, municipality: 'Cárdenas', city: 'Matanzas', zipCode: null, provinceCode: 'CU-04', municipalityCode: 'CU-04-02' },
      phoneNumber: '+5355551234',
      identityCard: '85010112345',
      cardNumber: '9227069912345678',
      bankname: null,
      version: 4,
    };
    const { form, value, check, context } = opened(bankRecipient, 'recipient.update', { status: 'saved', recipient }, subject);
    expect(value).toEqual({ cardNumber: '9227069912345678', name: 'Ana', identityCard: '85010112345', phoneNumber: '55551234', province: 'CU-04', municipality: 'CU-04-02', neighborhood: '', address: 'Calle 1', zipCode: '' });
    expect(idsOf(form, value, context, subject)).toEqual(['bank-recipient-7-card', 'bank-recipient-7-name', 'bank-recipient-7-ci', 'bank-recipient-7-phone', 'bank-recipient-7', 'bank-recipient-7-neighborhood', 'bank-recipient-7-address', 'bank-recipient-7-zip']);
    expect(check({})).toMatchObject({ ok: true, payload: { id: 7, accountId: 12, version: 4, fullName: 'Ana', address: { provinceCode: 'CU-04', municipalityCode: 'CU-04-02', zipCode: null } } });
    expect(check({ cardNumber: '9227', zipCode: '123' })).toEqual({ ok: false, message: RemittanceMsg.cardNumber });
    expect(check({ zipCode: '123' })).toEqual({ ok: false, message: 'El código postal debe tener 5 dígitos.' });
  });
});

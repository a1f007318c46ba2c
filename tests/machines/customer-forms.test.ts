import { describe, expect, it } from 'vitest';
import { AccountMsg } from '@/domain/account';
import { GroupsMsg } from '@/domain/groups';
import { customerAccount } from '@/machines/customer/account.machine';
import { customerNotify } from '@/machines/customer/notify.machine';
import { accountSettings } from '@/machines/customer/settings.machine';
import { opened } from '../support/row-forms';

describe('forms beside their charts open from the chart context and check what was typed', () => {
  const account = { status: 'enabled', reliability: 3, groups: ['RETAIL'], info: { firstName: 'Ana', lastName: null, email: 'a@b.cu', countryCode: 'CU', city: null, region: null, gender: null, birthday: null } };

  it("'Modificar honestidad' opens at the customer's level and refuses the same one", () => {
    const { form, context, subject, value } = opened(customerAccount, 'account.reliability', account);
    expect(value).toEqual({ reliability: '3' });
    expect(form.validate(value, context, subject)).toEqual({ ok: false, message: AccountMsg.sameReliability });
    expect(form.validate({ reliability: '1' }, context, subject)).toEqual({ ok: true, payload: { reliability: 1 } });
  });

  it("'Modificar cuenta' opens with the honesty and the state, and refuses no change", () => {
    const { form, context, subject, value } = opened(customerAccount, 'account.modify', account);
    expect(value).toEqual({ reliability: '3', enable: true });
    expect(form.validate(value, context, subject)).toEqual({ ok: false, message: AccountMsg.unchanged });
    expect(form.validate({ reliability: '3', enable: false }, context, subject)).toEqual({ ok: true, payload: { reliability: 3, enable: false } });
  });

  it("'Grupos de roles' ticks the groups held and sends only what changes", () => {
    const { form, context, subject, value } = opened(customerAccount, 'account.groups', account);
    expect(value).toEqual({ groups: ['RETAIL'] });
    expect(form.validate(value, context, subject)).toEqual({ ok: false, message: GroupsMsg.none });
    expect(form.validate({ groups: [] }, context, subject)).toEqual({ ok: true, payload: { assingGroups: [], unassingGroups: ['RETAIL'] } });
  });

  it("'Editar datos' opens with the customer's data, empty where there is none", () => {
    const { value } = opened(customerAccount, 'account.info', account);
    expect(value).toMatchObject({ firstName: 'Ana', lastName: '', email: 'a@b.cu', gender: '' });
  });

  it("'Notificar al cliente' opens on SMS to the customer's number; e-mail brings the address", () => {
    const { form, context, value } = opened(customerNotify, 'notify.send', { status: 'open', contact: { phone: '5355555555', email: 'a@b.cu' } });
    expect(value).toMatchObject({ type: 'SMS', address: '5355555555' });
    const channel = form.fields.find((f) => f.name === 'type')!;
    expect(channel.kind === 'select' && channel.onChange?.('EMAIL', value, context)).toEqual({ address: 'a@b.cu' });
  });

  it('the settings forms open as the card shows them', () => {
    const input = { status: 'open', value3DS: 'REQUIRED', tuBolsillo: true, marketing: { subscribePromotion: false, subscribeEmail: true, subscribeWhatsapp: false, subscribeCall: true } };
    expect(opened(accountSettings, 'settings.threeDs', input).value).toEqual({ strategy: '2' });
    expect(opened(accountSettings, 'settings.tuBolsillo', input).value).toEqual({ enable: true });
    expect(opened(accountSettings, 'settings.marketing', input).value).toEqual(input.marketing);
  });
});

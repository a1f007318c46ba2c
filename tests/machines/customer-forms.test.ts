import { describe, expect, it } from 'vitest';
import { AccountMsg } from '@/domain/account';
import { GroupsMsg } from '@/domain/groups';
import { customerAccount } from '@/machines/customer/account.machine';
import { customerNotify } from '@/machines/customer/notify.machine';
import { accountSettings } from '@/machines/customer/settings.machine';
import { Permission } from '@/domain/permissions';
import { opened, refusedInForm } from '../support/row-forms';

describe('forms beside their charts open from the chart context and check what was typed', () => {
  const account = {
    status: 'enabled',
    reliability: 5,
    groups: ['RETAIL'],
    grants: { CRM2_ADMIN: [Permission.SUPER_ACTION], CRM2_SUPPORT: [Permission.DO_ACTION] },
    info: { firstName: 'Ana', lastName: null, email: 'a@b.cu', countryCode: 'CU', city: null, region: null, gender: null, birthday: null },
  };

  it("'Modificar honestidad' opens at the customer's level; sent as it is, the chart refuses it beside the form", () => {
    const { form, context, subject, value } = opened(customerAccount, 'account.reliability', account);
    expect(value).toEqual({ reliability: '5' });
    expect(form.validate({ reliability: '10' }, context, subject)).toEqual({ ok: true, payload: { reliability: 10 } });
    expect(refusedInForm(customerAccount, 'account.reliability', account, {})).toBe(AccountMsg.sameReliability);
    expect(refusedInForm(customerAccount, 'account.reliability', account, { reliability: '10' })).toBeNull();
  });

  it("'Modificar cuenta' opens with the honesty and the state; no change is the chart's refusal beside the form", () => {
    const { form, context, subject, value } = opened(customerAccount, 'account.modify', account);
    expect(value).toEqual({ reliability: '5', enable: true });
    expect(form.validate({ reliability: '5', enable: false }, context, subject)).toEqual({ ok: true, payload: { reliability: 5, enable: false } });
    expect(refusedInForm(customerAccount, 'account.modify', account, {})).toBe(AccountMsg.unchanged);
    expect(refusedInForm(customerAccount, 'account.modify', account, { enable: false })).toBeNull();
  });

  it("'Grupos de roles' ticks the groups held and sends only what changes", () => {
    const { form, context, subject, value } = opened(customerAccount, 'account.groups', account);
    expect(value).toEqual({ groups: ['RETAIL'] });
    expect(form.validate(value, context, subject)).toEqual({ ok: false, message: GroupsMsg.none });
    expect(form.validate({ groups: [] }, context, subject)).toEqual({ ok: true, payload: { assingGroups: [], unassingGroups: ['RETAIL'] } });
  });

  it("'Grupos de roles' shows a group carrying a permission the staff member lacks, refused with the chart's reason", () => {
    const field = opened(customerAccount, 'account.groups', account).form.fields[0]!;
    if (field.kind !== 'checkboxes') throw new Error('the groups are checkboxes');
    const asStaff = (permissions: readonly string[]) => ({ ...account, permissions });
    const support = [Permission.EDITOR, Permission.DO_ACTION];
    expect(field.options.map((o) => o.value)).toContain('CRM2_ADMIN');
    expect(field.refused!('CRM2_ADMIN', asStaff(support))).toBe(GroupsMsg.beyond('CRM2_ADMIN'));
    expect(field.refused!('CRM2_SUPPORT', asStaff(support))).toBeNull();
    expect(field.refused!('RETAIL', asStaff(support))).toBeNull();
    expect(field.refused!('CRM2_ADMIN', asStaff([...support, Permission.SUPER_ACTION]))).toBeNull();
  });

  it("'Editar datos' opens with the customer's data, empty where there is none; the same data is the chart's refusal", () => {
    const { value } = opened(customerAccount, 'account.info', account);
    expect(value).toMatchObject({ firstName: 'Ana', lastName: '', email: 'a@b.cu', gender: '' });
    expect(refusedInForm(customerAccount, 'account.info', account, {})).toBe(AccountMsg.noInfoChange);
    expect(refusedInForm(customerAccount, 'account.info', account, { lastName: 'Pérez' })).toBeNull();
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

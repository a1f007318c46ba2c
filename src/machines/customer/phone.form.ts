import { checkBody } from '@/api/contract/check';
import { PhoneCreateBody } from '@/api/contract/customer-phones';
import { phoneText } from '@/i18n/es-customer-shared';
import { formOf } from '@/machines/lifecycle/form';

/** 'Agregar teléfono': the prefix, then the number (checked in that order by the contract's PhoneCreateBody), both numeric. */
export const addPhoneForm = formOf<unknown, { accountId: number }>()({
  title: phoneText.addTitle,
  id: (s) => `phones-${s.accountId}`,
  columns: 4,
  fields: [
    { kind: 'text', inputMode: 'numeric', name: 'prefix', label: phoneText.prefix },
    { kind: 'text', inputMode: 'numeric', name: 'phoneNumber', id: 'number', label: phoneText.newNumber, span: 3 },
  ],
  initial: () => ({ prefix: '', phoneNumber: '' }),
  validate: (f, _c, s) => checkBody(PhoneCreateBody, { ...f, accountId: s.accountId }),
});

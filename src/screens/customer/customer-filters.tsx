import { FILTER_GROUPS } from '@/domain/groups';
import type { SearchScreen } from '@/ui/search-screen';
import { InputField, SelectField } from '@/ui/fields';
import { listText } from '@/i18n/es-lists';

const ROLE_OPTIONS = FILTER_GROUPS.map((g) => ({ value: g, label: g }));
const STATE_OPTIONS = [
  { value: '1', label: listText.customers.enabled },
  { value: '0', label: listText.customers.disabled },
];

export function CustomerFilters({ screen }: { screen: SearchScreen }) {
  const { field } = screen;
  return (
    <>
      <InputField id="id" label={listText.userId} inputMode="numeric" {...field('id')} />
      <InputField id="login" label={listText.email} type="search" {...field('login')} />
      <InputField id="names" label={listText.customers.names} {...field('names')} />
      <InputField id="lastNames" label={listText.customers.lastNames} {...field('lastNames')} />
      <SelectField id="group" label={listText.customers.role} options={ROLE_OPTIONS} emptyLabel={listText.all} {...field('group')} />
      <SelectField id="enabled" label={listText.customers.state} options={STATE_OPTIONS} emptyLabel={listText.all} {...field('enabled')} />
      <InputField id="startDate" label={listText.customers.registeredFrom} type="date" {...field('startDate')} />
      <InputField id="endDate" label={listText.customers.registeredUntil} type="date" {...field('endDate')} />
      <InputField id="countryCode" label={listText.customers.country} maxLength={2} placeholder="CU" {...field('countryCode')} />
    </>
  );
}

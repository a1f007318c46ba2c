import { FILTER_GROUPS } from '@/domain/groups';
import type { SearchScreen } from '@/ui/search-screen';
import { InputField, SelectField } from '@/ui/fields';
import { tl } from '@/i18n/es-lists';

const ROLE_OPTIONS = FILTER_GROUPS.map((g) => ({ value: g, label: g }));
const STATE_OPTIONS = [
  { value: '1', label: tl.customers.enabled },
  { value: '0', label: tl.customers.disabled },
];

export function CustomerFilters({ screen }: { screen: SearchScreen }) {
  const d = screen.draft;
  const field = (name: string) => ({ value: d[name] ?? '', onChange: (e: { target: { value: string } }) => screen.set(name, e.target.value) });
  return (
    <>
      <InputField id="id" label={tl.userId} inputMode="numeric" {...field('id')} />
      <InputField id="login" label={tl.email} type="search" {...field('login')} />
      <InputField id="names" label={tl.customers.names} {...field('names')} />
      <InputField id="lastNames" label={tl.customers.lastNames} {...field('lastNames')} />
      <SelectField id="group" label={tl.customers.role} options={ROLE_OPTIONS} emptyLabel={tl.all} {...field('group')} />
      <SelectField id="enabled" label={tl.customers.state} options={STATE_OPTIONS} emptyLabel={tl.all} {...field('enabled')} />
      <InputField id="startDate" label={tl.customers.registeredFrom} type="date" {...field('startDate')} />
      <InputField id="endDate" label={tl.customers.registeredUntil} type="date" {...field('endDate')} />
      <InputField id="countryCode" label={tl.customers.country} maxLength={2} placeholder="CU" {...field('countryCode')} />
    </>
  );
}

import type { FormEvent } from 'react';
import { KYC_FILTER_STATUSES, kycStatusLabel } from '@/domain/kyc';
import { Button } from '@/ui/button';
import { InputField, SelectField } from '@/ui/fields';
import type { SearchScreen } from '@/ui/search-screen';
import { extrasText } from '@/i18n/es-extras';

const STATUS_OPTIONS = KYC_FILTER_STATUSES.map((s) => ({ value: s, label: kycStatusLabel(s) }));

/** Account id, status and dates; "Search" and "Clear" (the spec's own words), Enter searches too. */
export function KycFilters({ screen }: { screen: SearchScreen }) {
  const { field } = screen;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    screen.submit();
  };
  return (
    <form role="search" aria-label={extrasText.kyc.filters} onSubmit={onSubmit} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <InputField id="kyc-partnerReference" label={extrasText.kyc.partnerReference} inputMode="numeric" autoComplete="off" maxLength={40} {...field('partnerReference')} />
        <SelectField id="kyc-status" label={extrasText.kyc.status} options={STATUS_OPTIONS} emptyLabel={extrasText.kyc.all} {...field('status')} />
        <InputField id="kyc-dateFrom" label={extrasText.kyc.dateFrom} type="date" {...field('dateFrom')} />
        <InputField id="kyc-dateTo" label={extrasText.kyc.dateTo} type="date" {...field('dateTo')} />
      </div>
      <div className="mt-4 flex gap-2">
        <Button type="submit">{extrasText.kyc.search}</Button>
        <Button variant="secondary" onClick={screen.reset}>
          {extrasText.kyc.clear}
        </Button>
      </div>
    </form>
  );
}

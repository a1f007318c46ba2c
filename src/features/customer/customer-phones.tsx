import type { Phone, Phones } from '@/api/contract/customer-phones';
import { getPhones } from '@/api/customer';
import { customerPhones, phone as phoneLifecycle } from '@/machines/customer/phone.machine';
import { customerBlacklist } from '@/machines/customer/blacklist.machine';
import { formatPhone } from '@/domain/phones';
import { formatDateTime } from '@/domain/time';
import { useServices } from '@/ui/session';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import { DetailTabView, useShownDetail, type DetailTab } from '@/ui/detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from '@/ui/detail-table';
import { phoneText } from '@/i18n/es-customer-shared';
import { yesNo } from '@/i18n';

const text = phoneText;

/** One phone's chart as the server restores it (verified or not, the attempts it used, principal or not): the phones read carries it. */
const phonePart = (phone: Phone) =>
  snapshotPart(phone.charts, {
    lifecycle: phoneLifecycle,
    subject: { accountId: phone.accountId, phoneNumber: phone.phoneNumber },
  });

/** The phone on the blacklist (support work). */
const listingPart = (phone: Phone) =>
  snapshotPart(phone.charts, {
    lifecycle: customerBlacklist,
    subject: { accountId: phone.accountId, kind: 'PHONE', value: phone.phoneNumber, caption: formatPhone(phone.phoneNumber) },
  });

/**
 * A customer's phones (the Telefono tab, spec details §3 "Phone"), shown wherever the customer
 * is (the order's Cliente Detalles, the customer page): each with the actions the phone's table
 * offers this staff member now; after one, the list is read again.
 */
export function CustomerPhones({ accountId }: { accountId: number }) {
  const services = useServices();
  const phones = useShownDetail(() => getPhones(services.users, accountId));
  return <CustomerPhonesView accountId={accountId} phones={phones} />;
}

/** The phones as a tab of a page shows them: the page holds the read (the customer page reads it again after any of its actions). */
export function CustomerPhonesView({ accountId, phones }: { accountId: number; phones: DetailTab<Phones> }) {
  const columns: TableColumn<Phone>[] = [
    { header: text.number, cell: (p) => formatPhone(p.phoneNumber), className: 'whitespace-nowrap' },
    { header: text.country, cell: (p) => p.country },
    { header: text.principal, cell: (p) => yesNo(p.isPrincipal) },
    { header: text.verified, cell: (p) => yesNo(p.isVerified) },
    { header: text.blacklisted, cell: (p) => yesNo(p.blacklisted) },
    { header: text.attempts, cell: (p) => p.verifyAttempts },
    { header: text.created, cell: (p) => formatDateTime(p.created), className: 'whitespace-nowrap' },
    {
      header: text.actions,
      cell: (p) => (
        <ChartActions
          label={text.group(formatPhone(p.phoneNumber))}
          parts={[phonePart(p), listingPart(p)]}
          onDone={phones.refresh}
          onFailed={phones.refresh}
          buttonName={(row) => `${row.label} ${formatPhone(p.phoneNumber)}`}
        />
      ),
    },
  ];
  // Adding one: the list's own chart, carried by the same read.
  const adding = (charts: Phones['charts']) => snapshotPart(charts, { lifecycle: customerPhones, subject: { accountId } });
  return (
    <DetailSection title={text.title}>
      <DetailTabView tab={phones}>
        {({ elements, charts }) => (
          <>
            <div className="mb-3">
              <ChartActions label={text.addGroup(accountId)} parts={[adding(charts)]} onDone={phones.refresh} onFailed={phones.refresh} />
            </div>
            <SimpleTable label={text.label(accountId)} rows={elements} columns={columns} rowKey={(p) => p.id} empty={text.empty} />
          </>
        )}
      </DetailTabView>
    </DetailSection>
  );
}

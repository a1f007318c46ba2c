import type { Phone } from '@/api/contract/customer-phones';
import { getPhones } from '@/api/customer';
import { phone as phoneLifecycle } from '@/machines/customer/phone.machine';
import { formatPhone } from '@/domain/phones';
import { formatDateTime } from '@/domain/time';
import { useServices } from './session';
import { ChartActions, chartPart } from './chart-actions';
import { DetailTabView, useShownDetail } from './detail-tab';
import { DetailSection, SimpleTable, type TableColumn } from './detail-table';
import { customerText } from '@/i18n/es-customer';
import { yesNo } from '@/i18n';

const text = customerText.phones;

/** One phone as its chart sees it: verified or not, with the attempts it used. */
const phonePart = (phone: Phone) =>
  chartPart({
    lifecycle: phoneLifecycle,
    input: { status: phone.isVerified ? 'verified' : 'unverified', attempts: phone.verifyAttempts },
    subject: { accountId: phone.accountId, phoneNumber: phone.phoneNumber },
  });

/**
 * A customer's phones (the Telefono tab, spec details §3 "Phone"), shown wherever the customer
 * is (the order's Cliente Detalles, the customer page): each with the actions the phone's table
 * offers this staff member now; after one, the list is read again.
 */
export function CustomerPhones({ accountId }: { accountId: number }) {
  const services = useServices();
  const phones = useShownDetail(() => getPhones(services.users, accountId));
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
          parts={[phonePart(p)]}
          onDone={phones.refresh}
          onFailed={phones.refresh}
          buttonName={(row) => `${row.label} ${formatPhone(p.phoneNumber)}`}
        />
      ),
    },
  ];
  return (
    <DetailSection title={text.title}>
      <DetailTabView tab={phones}>
        {(rows) => <SimpleTable label={text.label(accountId)} rows={rows} columns={columns} rowKey={(p) => p.id} empty={text.empty} />}
      </DetailTabView>
    </DetailSection>
  );
}

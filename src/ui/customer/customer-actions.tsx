import { customerCredit } from '@/machines/customer/credit.machine';
import { creditTransfer } from '@/machines/customer/transfer.machine';
import { customerNotify } from '@/machines/customer/notify.machine';
import type { CustomerContact } from '@/machines/customer/notify.form';
import { customerAccount } from '@/machines/customer/account.machine';
import type { CustomerInfo } from '@/machines/customer/account.form';
import { accountSettings } from '@/machines/customer/settings.machine';
import type { MarketingForm } from '@/machines/customer/settings.form';
import { customerAccess } from '@/machines/customer/access.machine';
import { customerFraud } from '@/machines/customer/fraud.machine';
import { customerKyc } from '@/machines/customer/kyc.machine';
import { customerCourtesy } from '@/machines/customer/courtesy.machine';
import { customerReports } from '@/machines/customer/reports.machine';
import { DefenceReport } from './report-actions';
import { impersonationUrl } from '@/domain/customer-access';
import { Permission } from '@/domain/permissions';
import { useActorPermissions, useServices } from '@/ui/session';
import { ChartActions, chartPart } from '@/ui/chart-actions';
import { customerActionText } from '@/i18n/es-customer-actions';

const text = customerActionText.credit;
const accountText = customerActionText.account;

/*
 * The customer's actions: each chart's part, its starting state and the facts its forms open
 * with. The forms themselves sit beside their charts (src/machines/customer/*.form.ts, `row.form`).
 */

export type { CustomerContact, CustomerInfo };

/** The account's settings as the card shows them. */
export interface CustomerSettings {
  value3DS: string;
  tuBolsillo: boolean;
  marketing: MarketingForm;
}

/** The account as its chart reads it. */
export interface CustomerAccountState {
  enabled: boolean;
  reliability: number;
  /** Whether any of the customer's saved cards is on the blacklist (card-fraud contamination). */
  contaminated: boolean;
  /** The names of the customer's groups. */
  groups: readonly string[];
}

/** The customer's own actions, above the card: what each chart offers this staff member now. */
export function CustomerActions({ accountId, contact, account, settings, info, onDone }: { accountId: number; contact: CustomerContact; account: CustomerAccountState; settings: CustomerSettings; info: CustomerInfo; onDone: () => void }) {
  const credit = chartPart({ lifecycle: customerCredit, input: { status: 'open' }, subject: { accountId } });
  const transfer = chartPart({ lifecycle: creditTransfer, input: { status: 'open' }, subject: { accountId } });
  const notify = chartPart({ lifecycle: customerNotify, input: { status: 'open', contact }, subject: { accountId } });
  const accountPart = chartPart({ lifecycle: customerAccount, input: { status: account.enabled ? 'enabled' : 'disabled', reliability: account.reliability, groups: account.groups, info }, subject: { accountId } });
  const settingsPart = chartPart({
    lifecycle: accountSettings,
    input: { status: 'open', ...settings },
    subject: { accountId },
  });
  const access = chartPart({ lifecycle: customerAccess, input: { status: 'open' }, subject: { accountId } });
  const fraud = chartPart({ lifecycle: customerFraud, input: { status: account.contaminated ? 'contaminated' : 'clean' }, subject: { accountId } });
  const kyc = chartPart({ lifecycle: customerKyc, input: { status: 'open' }, subject: { accountId } });
  const reports = chartPart({ lifecycle: customerReports, input: { status: 'open' }, subject: { accountId } });
  const courtesy = chartPart({ lifecycle: customerCourtesy, input: { status: 'open' }, subject: { accountId } });
  return (
    <div className="flex flex-wrap items-start gap-2">
      <ChartActions label={text.actions(accountId)} parts={[credit, transfer, notify, accountPart, settingsPart, access, fraud, kyc, courtesy, reports]} onDone={onDone} onFailed={onDone} />
      <DefenceReport accountId={accountId} />
      <ImpersonationLink accountId={accountId} />
    </div>
  );
}

/** The customer site's impersonation page for this account, in a new tab, for ROLE_IMPERSONATOR only. */
function ImpersonationLink({ accountId }: { accountId: number }) {
  const services = useServices();
  const permissions = useActorPermissions();
  const href = impersonationUrl(services.config.customerSiteUrl, accountId);
  if (!href || !permissions.includes(Permission.IMPERSONATOR)) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="rounded-md px-3 py-1.5 text-sm font-medium text-sky-800 ring-1 ring-slate-300 hover:bg-slate-50">
      {accountText.impersonate}
    </a>
  );
}

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
import { mayView } from '@/domain/customer-views';
import { useActorPermissions, useServices } from '@/ui/session';
import { ChartActions, snapshotPart } from '@/ui/chart-actions';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
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
  /** The names of the customer's groups. */
  groups: readonly string[];
}

/**
 * The customer's own actions, above the card: what each chart offers this staff member now, each
 * chart restored from the server's snapshot the account data carries (`charts`); the forms open
 * with what the card shows.
 */
export function CustomerActions({ accountId, charts, contact, account, settings, info, onDone }: { accountId: number; charts: readonly ChartSnapshot[] | undefined; contact: CustomerContact; account: CustomerAccountState; settings: CustomerSettings; info: CustomerInfo; onDone: () => void }) {
  const subject = { accountId };
  const parts = [
    snapshotPart(charts, { lifecycle: customerCredit, subject }),
    snapshotPart(charts, { lifecycle: creditTransfer, subject }),
    snapshotPart(charts, { lifecycle: customerNotify, subject, shown: { contact } }),
    snapshotPart(charts, { lifecycle: customerAccount, subject, shown: { reliability: account.reliability, groups: account.groups, info } }),
    snapshotPart(charts, { lifecycle: accountSettings, subject, shown: { ...settings } }),
    snapshotPart(charts, { lifecycle: customerAccess, subject }),
    snapshotPart(charts, { lifecycle: customerFraud, subject }),
    snapshotPart(charts, { lifecycle: customerKyc, subject }),
    snapshotPart(charts, { lifecycle: customerCourtesy, subject }),
    snapshotPart(charts, { lifecycle: customerReports, subject }),
  ];
  return (
    <div className="flex flex-wrap items-start gap-2">
      <ChartActions label={text.actions(accountId)} parts={parts} onDone={onDone} onFailed={onDone} />
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
  if (!href || !mayView('impersonation', permissions)) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="rounded-md px-3 py-1.5 text-sm font-medium text-sky-800 ring-1 ring-slate-300 hover:bg-slate-50">
      {accountText.impersonate}
    </a>
  );
}

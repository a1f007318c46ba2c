import type { CallRow } from '@/api/contract/calls';
import {
  BankRecipientsResponse,
  CreditTransferResponse,
  CreditTrnResponse,
  CustomerBlacklistResponse,
  DIRECTORY_PAGE_SIZE,
  type CreatedDateSort,
  type IdSort,
  HomeRecipientsResponse,
  PasswordlessSignInResponse,
  PasswordSignInResponse,
  PaymentMethodsResponse,
  PaymentRequestResponse,
  PinAttemptResponse,
  type BankRecipient,
  type CreditTransfer,
  type HomeRecipient,
  type CreditTrn,
  type CustomerBlacklistEntry,
  type PasswordlessSignIn,
  type PasswordSignIn,
  type PaymentMethod,
  type PaymentRequest,
  type PinAttempt,
} from '@/api/contract/customer-detail';
import { getCustomerPage } from '@/api/customer';
import { getCalls } from '@/api/lists';
import { terminateCauseLabel } from '@/domain/calls';
import { cardCaption, formatMoney, formatNumber, formatSessionTime, maskToken, normalizeProvince } from '@/domain/format';
import { paymentSystemName } from '@/domain/catalog';
import { CREDIT_TYPE_FILTER, creditTypeLabel } from '@/domain/credit';
import { requestStatusShown, transferStatusShown, type StatusShown } from '@/domain/transfer';
import { TONE_CLASS } from '@/ui/tone';
import { formatDateTime } from '@/domain/time';
import { customerText } from '@/i18n/es-customer';
import type { AccountTable } from './account-table';
import { yesNo, t } from '@/i18n';

/** The customer's paged tables (spec details §3, §9: 20 per page; requests and password sign-ins 100). */

/** The order the spec's calls ask (details §7): newest first, by id or (saved cards) by creation date. */
const BY_ID: { sort: IdSort } = { sort: 'id,desc' };
const BY_CREATED_DATE: { sort: CreatedDateSort } = { sort: 'createdDate,desc' };

const nowrap = 'whitespace-nowrap';
const mono = (value: string | null) => <span className="font-mono text-xs">{value ?? ''}</span>;
const shown = (status: StatusShown) => <span className={TONE_CLASS[status.tone]}>{status.label}</span>;

const cards = customerText.cards;
export const CARDS: AccountTable<PaymentMethod> = {
  label: cards.label,
  size: 50,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.customer, 'secured/paymentmethod/customerspecific/all', PaymentMethodsResponse, id, page, size, BY_CREATED_DATE),
  columns: [
    { header: cards.card, cell: (r) => <span className="font-mono text-xs">{cardCaption(r.firstSix, r.lastFour)}</span>, className: nowrap },
    { header: cards.expires, cell: (r) => `${String(r.expirationMonth).padStart(2, '0')}/${r.expirationYear}` },
    { header: cards.verified, cell: (r) => yesNo(r.verified) },
    { header: cards.papers, cell: (r) => r.papersVerificationStatus ?? '' },
    { header: cards.cents, cell: (r) => (r.cents === null ? '' : `${r.cents} (${r.centsTries})`) },
    { header: cards.visible, cell: (r) => yesNo(r.isVisible) },
    { header: cards.blacklisted, cell: (r) => (r.blacklisted ? <span className="font-semibold text-red-700">{t.yes}</span> : t.no) },
    { header: cards.debit, cell: (r) => yesNo(r.isDebit) },
    { header: cards.bank, cell: (r) => r.issuingBank ?? '' },
    { header: cards.gateway, cell: (r) => paymentSystemName(r.paymentSystem) },
    {
      header: cards.tokens,
      cell: (r) => (
        <ul className="space-y-0.5">
          {r.paymentMethodTokens.map((t) => (
            <li key={t.paymentSystemId} className="font-mono text-xs whitespace-nowrap">{`${paymentSystemName(t.paymentSystemId)}: ${maskToken(t.token)}`}</li>
          ))}
        </ul>
      ),
    },
    { header: cards.created, cell: (r) => formatDateTime(r.created), className: nowrap },
  ],
};

const history = customerText.history;
export const CREDIT_HISTORY: AccountTable<CreditTrn> = {
  label: history.label,
  size: 20,
  rowKey: (r) => r.id,
  filter: { label: history.credit, all: history.allCredit, options: CREDIT_TYPE_FILTER.map((type) => ({ value: type, label: creditTypeLabel(type) })) },
  load: (s, id, page, size, creditType) => getCustomerPage(s.users, 'secured/credit-trn/data', CreditTrnResponse, id, page, size, { creditType }),
  columns: [
    { header: history.date, cell: (r) => formatDateTime(r.dateTime), className: nowrap },
    { header: history.type, cell: (r) => history.types[r.trnType] ?? r.trnType },
    // Decreases in red (spec details §2).
    { header: history.amount, cell: (r) => <span className={r.trnType === 'DECREASE' ? 'font-semibold text-red-700' : ''}>{`${r.trnType === 'DECREASE' ? '-' : ''}${formatNumber(r.amount)}`}</span>, className: nowrap },
    { header: history.prev, cell: (r) => formatNumber(r.prevAmount) },
    { header: history.final, cell: (r) => formatNumber(r.finalAmount) },
    { header: history.credit, cell: (r) => creditTypeLabel(r.creditType) },
    { header: history.description, cell: (r) => r.description ?? '' },
  ],
};

const transfers = customerText.transfers;
export const TRANSFERS: AccountTable<CreditTransfer> = {
  label: transfers.label,
  size: 20,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.users, 'secured/transfer-trn/data', CreditTransferResponse, id, page, size),
  columns: [
    { header: transfers.date, cell: (r) => formatDateTime(r.created), className: nowrap },
    { header: transfers.beneficiary, cell: (r) => `${r.beneficiary}${r.beneficiaryIdUser ? ` (${r.beneficiaryIdUser})` : ''}` },
    { header: transfers.phone, cell: (r) => r.beneficiaryPhoneNumber ?? '' },
    { header: transfers.amount, cell: (r) => `${formatNumber(r.amount)} ${creditTypeLabel(r.creditType)}`, className: nowrap },
    { header: transfers.destination, cell: (r) => formatMoney(r.destinationAmount, r.destinationCurrency), className: nowrap },
    { header: transfers.description, cell: (r) => r.description ?? '' },
    { header: transfers.status, cell: (r) => shown(transferStatusShown(r.transferStatus)), className: nowrap },
  ],
};

const requests = customerText.requests;
const party = (p: PaymentRequest['requester']) => `${p.name}${p.phoneNumber ? ` · ${p.phoneNumber}` : ''}`;
export const REQUESTS: AccountTable<PaymentRequest> = {
  label: requests.label,
  size: 100,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.reports, 'secured/list/checkoutrequest', PaymentRequestResponse, id, page, size, BY_ID),
  columns: [
    { header: requests.date, cell: (r) => formatDateTime(r.createdDate), className: nowrap },
    { header: requests.requester, cell: (r) => party(r.requester) },
    { header: requests.receiver, cell: (r) => party(r.receiver) },
    { header: requests.amount, cell: (r) => formatMoney(r.amount, r.currency), className: nowrap },
    { header: requests.note, cell: (r) => r.note ?? '' },
    { header: requests.status, cell: (r) => shown(requestStatusShown(r.status)), className: nowrap },
    { header: requests.expires, cell: (r) => formatDateTime(r.expirationDate), className: nowrap },
  ],
};

const signIns = customerText.signIns;
const listed = (value: string | null, blacklisted: boolean) => (
  <span className={blacklisted ? 'font-semibold text-red-700' : ''}>
    {mono(value)}
    {blacklisted ? signIns.listed : ''}
  </span>
);
export const PASSWORDLESS_SIGN_INS: AccountTable<PasswordlessSignIn> = {
  label: signIns.passwordlessLabel,
  size: 20,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.uaa, 'secured/login/dataPin', PasswordlessSignInResponse, id, page, size),
  columns: [
    { header: signIns.date, cell: (r) => formatDateTime(r.loginDate), className: nowrap },
    { header: signIns.phone, cell: (r) => r.phoneNumber ?? '' },
    { header: signIns.pin, cell: (r) => mono(r.pin) },
    { header: signIns.device, cell: (r) => listed(r.deviceId, r.blacklistedDevice) },
    { header: signIns.advertising, cell: (r) => listed(r.advertisingId, r.blacklistedAdvertising) },
    { header: signIns.ip, cell: (r) => r.ip ?? '' },
    { header: signIns.platform, cell: (r) => [r.platform, r.version].filter(Boolean).join(' ') },
    { header: signIns.app, cell: (r) => [r.appName, r.appVersion].filter(Boolean).join(' ') },
    { header: signIns.timezone, cell: (r) => r.userTimezone ?? '' },
    { header: signIns.onlyClientDevice, cell: (r) => yesNo(r.isOnlyClientDeviceId) },
    { header: signIns.userAgent, cell: (r) => r.userAgent ?? '' },
  ],
};

export const PASSWORD_SIGN_INS: AccountTable<PasswordSignIn> = {
  label: signIns.passwordLabel,
  size: 100,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.uaa, 'secured/login/data', PasswordSignInResponse, id, page, size),
  columns: [
    { header: signIns.date, cell: (r) => formatDateTime(r.loginDate), className: nowrap },
    { header: signIns.phone, cell: (r) => r.phoneNumber ?? '' },
    { header: signIns.browser, cell: (r) => [r.browser, r.version].filter(Boolean).join(' ') },
    { header: signIns.platform, cell: (r) => r.platform ?? '' },
    { header: signIns.ip, cell: (r) => r.ip ?? '' },
    { header: signIns.client, cell: (r) => r.clientId ?? '' },
    { header: signIns.userAgent, cell: (r) => r.userAgent ?? '' },
  ],
};

const attempts = customerText.pinAttempts;
export const PIN_ATTEMPTS: AccountTable<PinAttempt> = {
  label: attempts.label,
  size: 20,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.uaa, 'secured/loginAttempt/data', PinAttemptResponse, id, page, size, BY_ID),
  columns: [
    { header: attempts.phone, cell: (r) => r.phoneNumber ?? '' },
    { header: attempts.pin, cell: (r) => mono(r.pin) },
    { header: attempts.created, cell: (r) => formatDateTime(r.pinCreatedDate), className: nowrap },
    { header: attempts.attempts, cell: (r) => r.attempts },
    { header: attempts.last, cell: (r) => formatDateTime(r.lastLoginAttemptDate), className: nowrap },
    { header: attempts.country, cell: (r) => r.country ?? '' },
    { header: attempts.ip, cell: (r) => r.ip ?? '' },
    { header: attempts.device, cell: (r) => mono(r.deviceId) },
    { header: signIns.advertising, cell: (r) => mono(r.advertisingId) },
    { header: signIns.client, cell: (r) => r.clientId ?? '' },
  ],
};

const blacklist = customerText.blacklist;
export const BLACKLIST: AccountTable<CustomerBlacklistEntry> = {
  label: blacklist.label,
  size: 20,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.blacklist, 'secured/blackList', CustomerBlacklistResponse, id, page, size),
  columns: [
    { header: blacklist.value, cell: (e) => mono(e.value) },
    { header: blacklist.type, cell: (e) => e.type },
    { header: blacklist.created, cell: (e) => formatDateTime(e.created), className: nowrap },
  ],
};

const calls = customerText.calls;
export const CALLS: AccountTable<CallRow> = {
  label: calls.label,
  size: 20,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCalls(s.users, { accountId: String(id), page: String(page), size: String(size) }),
  columns: [
    { header: calls.id, cell: (c) => c.id },
    { header: calls.src, cell: (c) => c.src ?? '' },
    { header: calls.destination, cell: (c) => c.calledStation },
    { header: calls.start, cell: (c) => formatDateTime(c.starTime), className: nowrap },
    { header: calls.duration, cell: (c) => formatSessionTime(c.sessionTime) },
    { header: calls.bill, cell: (c) => formatMoney(c.sessionBill, 'USD'), className: nowrap },
    { header: calls.freeMinutes, cell: (c) => formatNumber(c.minFree) },
    { header: calls.cause, cell: (c) => terminateCauseLabel(c.terminateCauseId) },
    { header: calls.trunk, cell: (c) => c.idTrunk ?? '' },
  ],
};

const directory = customerText.directory;
const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(', ');
export const BANK_RECIPIENTS: AccountTable<BankRecipient> = {
  label: directory.bankLabel,
  size: DIRECTORY_PAGE_SIZE,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.orders, 'secured/list/remesarecipient', BankRecipientsResponse, id, page, size, BY_ID),
  columns: [
    { header: directory.name, cell: (r) => r.fullName },
    { header: directory.card, cell: (r) => mono(cardCaption(r.cardNumber.slice(0, 6), r.cardNumber.slice(-4))), className: nowrap },
    { header: directory.bank, cell: (r) => r.bankname ?? '' },
    { header: directory.identityCard, cell: (r) => r.identityCard ?? '' },
    { header: directory.phone, cell: (r) => r.phoneNumber ?? '' },
    { header: directory.address, cell: (r) => joined(r.address.address, r.address.neighborhood) },
    { header: directory.place, cell: (r) => joined(r.address.municipality, normalizeProvince(r.address.city)) },
  ],
};

export const HOME_RECIPIENTS: AccountTable<HomeRecipient> = {
  label: directory.homeLabel,
  size: DIRECTORY_PAGE_SIZE,
  rowKey: (r) => r.id,
  load: (s, id, page, size) => getCustomerPage(s.users, 'secured/list/remesaaddress', HomeRecipientsResponse, id, page, size, BY_ID),
  columns: [
    { header: directory.name, cell: (r) => r.recipientName },
    { header: directory.mobile, cell: (r) => r.mobile ?? '' },
    { header: directory.landLine, cell: (r) => r.landLine ?? '' },
    { header: directory.address, cell: (r) => joined(r.address, r.neighborhood) },
    { header: directory.place, cell: (r) => joined(r.municipality, normalizeProvince(r.province)) },
    { header: directory.indications, cell: (r) => r.indications ?? '' },
    { header: directory.hours, cell: (r) => joined(r.deliveryFrom, r.deliveryTo).replace(', ', ' – '), className: nowrap },
  ],
};

import { checkBody } from '@/api/contract/check';
import { CreditChangeBody } from '@/api/contract/customer-credit';
import { ConvertBody } from '@/api/contract/customer-conversion';
import { CONVERSION_CURRENCIES, type ConversionCurrency } from '@/domain/conversion';
import type { ConvertForm } from '@/machines/customer/credit.actions';
import { CREDIT_EXPIRY_DAYS, CREDIT_MOVES, CREDIT_TYPES, EXPIRING_CREDIT_TYPES, type CreditMove, type CreditType } from '@/domain/credit';
import { dayjs, DISPLAY_TIME_ZONE, CREDIT_EXPIRY_FORMAT } from '@/domain/time';
import { customerCredit } from '@/machines/customer/credit.machine';
import { creditTransfer } from '@/machines/customer/transfer.machine';
import type { TransferForm } from '@/machines/customer/transfer.actions';
import { TransferCreateBody } from '@/api/contract/customer-transfer';
import { destinationOf, TRANSFER_CURRENCIES, type TransferCurrency } from '@/domain/transfer';
import { customerNotify } from '@/machines/customer/notify.machine';
import type { NotifyPayload } from '@/machines/customer/notify.actions';
import { NotifyBody, type MessageTemplate } from '@/api/contract/customer-notify';
import { NOTIFY_CHANNELS, NotifyMsg, previewOf, renderTemplate, SMS_MAX, type NotifyChannel } from '@/domain/notify';
import { customerAccount } from '@/machines/customer/account.machine';
import { AccountMsg, GENDERS } from '@/domain/account';
import { RELIABILITY_LEVELS } from '@/domain/reliability';
import { accountSettings } from '@/machines/customer/settings.machine';
import type { MarketingForm } from '@/machines/customer/settings.actions';
import type { GroupsForm, InfoForm, ModifyForm } from '@/machines/customer/account.actions';
import { ASSIGNABLE_GROUPS, GroupsMsg } from '@/domain/groups';
import { UserDataBody } from '@/api/contract/customer-account';
import { THREE_DS_STRATEGIES, type ThreeDsStrategy } from '@/domain/account-settings';
import { customerAccess } from '@/machines/customer/access.machine';
import { customerFraud } from '@/machines/customer/fraud.machine';
import { customerKyc } from '@/machines/customer/kyc.machine';
import { customerCourtesy } from '@/machines/customer/courtesy.machine';
import { customerReports } from '@/machines/customer/reports.machine';
import { DefenceReport, reportForm } from './report-actions';
import type { CourtesyPayload } from '@/machines/customer/courtesy.actions';
import { CourtesyBody, type TopupOffer } from '@/api/contract/customer-courtesy';
import { COURTESY, CourtesyMsg } from '@/domain/courtesy';
import { formatMoney } from '@/domain/format';
import { getOffers, getTemplates } from '@/api/customer-forms';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { impersonationUrl } from '@/domain/customer-access';
import { mayView } from '@/domain/customer-views';
import { useActorPermissions, useServices } from '@/ui/session';
import { DECONTAMINATION_LEVELS, DEFAULT_DECONTAMINATION } from '@/domain/customer-fraud';
import { ChartActions, chartForm, snapshotPart } from '@/ui/chart-actions';
import type { ChartSnapshot } from '@/api/contract/chart-snapshot';
import { CheckboxField, InputField, SelectField, TextAreaField } from '@/ui/fields';
import { customerActionText } from '@/i18n/es-customer-actions';

const text = customerActionText.credit;
const transferText = customerActionText.transfer;
const notifyText = customerActionText.notify;
const accountText = customerActionText.account;
const settingsText = customerActionText.settings;
const accessText = customerActionText.access;
const fraudText = customerActionText.fraud;
const courtesyText = customerActionText.courtesy;

interface CreditFormState {
  creditType: CreditType;
  trnType: CreditMove;
  amount: string;
  creditTypeExp: string;
}

/** Expiring minutes expire, by default, 15 days ahead at 23:59:59 (spec details §5). */
const defaultExpiry = () => dayjs().tz(DISPLAY_TIME_ZONE).add(CREDIT_EXPIRY_DAYS, 'day').endOf('day').format(CREDIT_EXPIRY_FORMAT);
const expires = (form: CreditFormState) => form.trnType === 'INCREASE' && EXPIRING_CREDIT_TYPES.includes(form.creditType);

/** 'Agregar o quitar crédito': the type, the direction, a whole amount and, for expiring minutes added, when they expire. */
const creditForm = (accountId: number) =>
  chartForm<CreditFormState, CreditChangeBody>({
    title: text.title,
    initial: () => ({ creditType: 'CALL_CREDIT', trnType: 'INCREASE', amount: '', creditTypeExp: defaultExpiry() }),
    validate: (form) => checkBody(CreditChangeBody, { accountId, creditType: form.creditType, trnType: form.trnType, amount: form.amount, ...(expires(form) ? { creditTypeExp: form.creditTypeExp } : {}) }),
    fields: (form, change) => (
      <div className="grid grid-cols-2 gap-3">
        <SelectField id={`credit-${accountId}-type`} label={text.type} value={form.creditType} options={CREDIT_TYPES.map((t) => ({ value: t, label: t }))} onChange={(e) => change({ creditType: e.target.value as CreditType })} />
        <SelectField id={`credit-${accountId}-move`} label={text.move} value={form.trnType} options={CREDIT_MOVES.map((m) => ({ value: m, label: text.moves[m] ?? m }))} onChange={(e) => change({ trnType: e.target.value as CreditMove })} />
        <InputField id={`credit-${accountId}-amount`} label={text.amount} inputMode="numeric" autoComplete="off" value={form.amount} onChange={(e) => change({ amount: e.target.value })} onWheel={(e) => e.currentTarget.blur()} />
        {expires(form) && <InputField id={`credit-${accountId}-expiry`} label={text.expiry} autoComplete="off" value={form.creditTypeExp} onChange={(e) => change({ creditTypeExp: e.target.value })} />}
      </div>
    ),
  });

interface ConvertFormState {
  originCurrency: ConversionCurrency;
  destinyCurrency: ConversionCurrency;
  amount: string;
  changeCurrency: boolean;
}

/** 'Convertir moneda': from, to (different), a partial amount or, left empty, the whole balance. */
const convertForm = (accountId: number) =>
  chartForm<ConvertFormState, ConvertForm>({
    title: text.convertTitle,
    initial: () => ({ originCurrency: 'USD', destinyCurrency: 'EUR', amount: '', changeCurrency: false }),
    validate: (form) => {
      const checked = checkBody(ConvertBody, { accountId, originCurrency: form.originCurrency, destinyCurrency: form.destinyCurrency, amount: form.amount.trim() === '' ? null : form.amount, changeCurrency: form.changeCurrency });
      return checked.ok ? { ok: true, payload: { originCurrency: form.originCurrency, destinyCurrency: form.destinyCurrency, amount: checked.payload.amount ?? null, changeCurrency: form.changeCurrency } } : checked;
    },
    fields: (form, change) => {
      const currencies = CONVERSION_CURRENCIES.map((c) => ({ value: c, label: c }));
      return (
        <div className="grid grid-cols-2 gap-3">
          <SelectField id={`convert-${accountId}-from`} label={text.origin} value={form.originCurrency} options={currencies} onChange={(e) => change({ originCurrency: e.target.value as ConversionCurrency })} />
          <SelectField id={`convert-${accountId}-to`} label={text.destiny} value={form.destinyCurrency} options={currencies} onChange={(e) => change({ destinyCurrency: e.target.value as ConversionCurrency })} />
          <InputField id={`convert-${accountId}-amount`} className="col-span-2" label={text.partial} inputMode="decimal" autoComplete="off" value={form.amount} onChange={(e) => change({ amount: e.target.value })} onWheel={(e) => e.currentTarget.blur()} />
          <div className="col-span-2">
            <CheckboxField id={`convert-${accountId}-currency`} label={text.changeCurrency} checked={form.changeCurrency} onChange={(changeCurrency) => change({ changeCurrency })} />
          </div>
        </div>
      );
    },
  });

interface TransferFormState {
  destination: string;
  amount: string;
  currency: TransferCurrency;
  motive: string;
}

/** 'Transferir crédito': to whom (e-mail, alias or phone), how much of which currency, and why. */
const transferForm = (accountId: number) =>
  chartForm<TransferFormState, TransferForm>({
    title: transferText.title,
    initial: () => ({ destination: '', amount: '', currency: 'USD', motive: '' }),
    validate: (form) => {
      const destination = destinationOf(form.destination);
      const checked = checkBody(TransferCreateBody, { data: { idUser: accountId, ...destination, amount: form.amount, currency: form.currency, motive: form.motive } });
      if (!checked.ok) return checked;
      const { data } = checked.payload;
      return { ok: true, payload: { destination: form.destination.trim(), ...destination, amount: data.amount, currency: data.currency, motive: data.motive ?? null } };
    },
    fields: (form, change) => (
      <div className="grid grid-cols-2 gap-3">
        <InputField id={`transfer-${accountId}-destination`} className="col-span-2" label={transferText.destination} autoComplete="off" value={form.destination} onChange={(e) => change({ destination: e.target.value })} />
        <InputField id={`transfer-${accountId}-amount`} label={transferText.amount} inputMode="decimal" autoComplete="off" value={form.amount} onChange={(e) => change({ amount: e.target.value })} onWheel={(e) => e.currentTarget.blur()} />
        <SelectField id={`transfer-${accountId}-currency`} label={transferText.currency} value={form.currency} options={TRANSFER_CURRENCIES.map((c) => ({ value: c, label: c }))} onChange={(e) => change({ currency: e.target.value as TransferCurrency })} />
        <InputField id={`transfer-${accountId}-motive`} className="col-span-2" label={transferText.motive} autoComplete="off" value={form.motive} onChange={(e) => change({ motive: e.target.value })} />
      </div>
    ),
  });

interface NotifyFormState {
  type: NotifyChannel;
  address: string;
  title: string;
  body: string;
  /** The WhatsApp template chosen: its name, its text and how many variables it asks for (null: malformed). */
  template: MessageTemplate | null;
  variables: string[];
}

/** A WhatsApp's template and its variables: the approved templates read when chosen ('Error buscando las mensajes programables' with a retry), one input per variable, the message's preview cut to 140. */
function TemplateFields({ accountId, form, change }: { accountId: number; form: NotifyFormState; change: (patch: Partial<NotifyFormState>) => void }) {
  const services = useServices();
  const templates = useShownDetail(() => getTemplates(services.messenger));
  const template = form.template;
  return (
    <DetailTabView tab={templates} failed={NotifyMsg.templatesFailed} loading={notifyText.loadingTemplates}>
      {(list) => (
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            id={`notify-${accountId}-template`}
            className="col-span-2"
            label={notifyText.template}
            value={template?.name ?? ''}
            emptyLabel={notifyText.chooseTemplate}
            options={list.map((t) => ({ value: t.name, label: t.name }))}
            onChange={(e) => {
              const chosen = list.find((t) => t.name === e.target.value) ?? null;
              change({ template: chosen, variables: Array.from({ length: chosen?.variables ?? 0 }, () => '') });
            }}
          />
          {form.variables.map((value, i) => (
            <InputField
              key={i}
              id={`notify-${accountId}-variable-${i + 1}`}
              label={notifyText.variable(i + 1)}
              autoComplete="off"
              value={value}
              onChange={(e) => change({ variables: form.variables.map((v, j) => (j === i ? e.target.value : v)) })}
            />
          ))}
          {template && template.variables !== null ? (
            <div role="note" className="col-span-2 rounded-md bg-emerald-50 p-2 text-sm text-emerald-900" aria-label={notifyText.preview}>
              {previewOf(renderTemplate(template.body, form.variables))}
            </div>
          ) : null}
        </div>
      )}
    </DetailTabView>
  );
}

/** The customer's own number and e-mail, which a message goes to. */
export interface CustomerContact {
  phone: string | null;
  email: string | null;
}

/** 'Notificar al cliente': by SMS (at most 164 characters, counted as typed), by e-mail or by WhatsApp (a template), to the customer's own number or address. */
const notifyForm = (accountId: number, contact: CustomerContact) =>
  chartForm<NotifyFormState, NotifyPayload>({
    title: notifyText.title,
    initial: () => ({ type: 'SMS', address: contact.phone ?? '', title: '', body: '', template: null, variables: [] }),
    validate: (form) => {
      const whatsapp = form.type === 'WHATSAPP';
      if (whatsapp && form.template?.variables === null) return { ok: false, message: NotifyMsg.malformed };
      const content = whatsapp ? { template: form.template?.name ?? '', variables: form.variables } : null;
      const checked = checkBody(NotifyBody, { accountId, channel: [{ type: form.type, address: form.address }], title: form.title, body: whatsapp ? '' : form.body, content });
      return checked.ok
        ? { ok: true, payload: { type: form.type, address: form.address.trim(), title: form.title.trim() || null, body: whatsapp ? '' : form.body.trim(), content: checked.payload.content ?? null } }
        : checked;
    },
    fields: (form, change) => (
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id={`notify-${accountId}-channel`}
          label={notifyText.channel}
          value={form.type}
          options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: notifyText.channels[c] ?? c }))}
          onChange={(e) => {
            const type = e.target.value as NotifyChannel;
            change({ type, address: (type === 'EMAIL' ? contact.email : contact.phone) ?? '' });
          }}
        />
        <InputField id={`notify-${accountId}-address`} label={notifyText.address} autoComplete="off" value={form.address} onChange={(e) => change({ address: e.target.value })} />
        {form.type === 'EMAIL' && <InputField id={`notify-${accountId}-title`} className="col-span-2" label={notifyText.subject} autoComplete="off" value={form.title} onChange={(e) => change({ title: e.target.value })} />}
        {form.type === 'WHATSAPP' ? (
          <div className="col-span-2">
            <TemplateFields accountId={accountId} form={form} change={change} />
          </div>
        ) : (
          <div className="col-span-2">
            <TextAreaField id={`notify-${accountId}-body`} label={notifyText.body} rows={4} value={form.body} onChange={(e) => change({ body: e.target.value })} />
            {form.type === 'SMS' && <p className={`mt-1 text-xs ${form.body.length > SMS_MAX ? 'text-red-700' : 'text-slate-500'}`}>{notifyText.count(form.body.length, SMS_MAX)}</p>}
          </div>
        )}
      </div>
    ),
  });

/** A choice of honesty level: 'Modificar honestidad' (the same one refused) and 'Descontaminar' (from its own list). */
const honestyForm = (o: { id: string; title: string; label: string; levels: readonly { value: number; label: string }[]; initial: number; same?: number }) =>
  chartForm<{ reliability: string }, { reliability: number }>({
    title: o.title,
    initial: () => ({ reliability: String(o.initial) }),
    validate: (form) => (Number(form.reliability) === o.same ? { ok: false, message: AccountMsg.sameReliability } : { ok: true, payload: { reliability: Number(form.reliability) } }),
    fields: (form, change) => (
      <SelectField id={o.id} label={o.label} value={form.reliability} options={o.levels.map((l) => ({ value: String(l.value), label: l.label }))} onChange={(e) => change({ reliability: e.target.value })} />
    ),
  });

const reliabilityForm = (accountId: number, current: number) =>
  honestyForm({ id: `reliability-${accountId}`, title: accountText.reliabilityTitle, label: accountText.reliabilityLabel, levels: RELIABILITY_LEVELS, initial: current, same: current });

/** The account's settings as the card shows them. */
export interface CustomerSettings {
  value3DS: string;
  tuBolsillo: boolean;
  marketing: MarketingForm;
}

const THREE_DS_OF: Record<string, ThreeDsStrategy> = { NOT_REQUIRED: 0, IGNORE: 1, REQUIRED: 2 };

/** '3D Secure': by default (0), disabled (1) or enabled (2). */
const threeDsForm = (accountId: number, current: string) =>
  chartForm<{ strategy: string }, { threeDsStrategyId: ThreeDsStrategy }>({
    title: settingsText.threeDsTitle,
    initial: () => ({ strategy: String(THREE_DS_OF[current] ?? 0) }),
    validate: (form) => ({ ok: true, payload: { threeDsStrategyId: Number(form.strategy) as ThreeDsStrategy } }),
    fields: (form, change) => (
      <SelectField id={`three-ds-${accountId}`} label={settingsText.threeDsLabel} value={form.strategy} options={THREE_DS_STRATEGIES.map((s) => ({ value: String(s), label: settingsText.strategies[s] ?? String(s) }))} onChange={(e) => change({ strategy: e.target.value })} />
    ),
  });

/** 'TuBolsillo': the customer's TuBolsillo services on or off. */
const tuBolsilloForm = (accountId: number, current: boolean) =>
  chartForm<{ enable: boolean }, { enable: boolean }>({
    title: settingsText.tuBolsilloTitle,
    initial: () => ({ enable: current }),
    validate: (form) => ({ ok: true, payload: form }),
    fields: (form, change) => <CheckboxField id={`tubolsillo-${accountId}`} label={settingsText.tuBolsilloLabel} checked={form.enable} onChange={(enable) => change({ enable })} />,
  });

/** 'Notificaciones de marketing': SMS, e-mail, WhatsApp and calls. */
const marketingForm = (accountId: number, current: MarketingForm) =>
  chartForm<MarketingForm, MarketingForm>({
    title: settingsText.marketingTitle,
    initial: () => ({ ...current }),
    validate: (form) => ({ ok: true, payload: form }),
    fields: (form, change) => (
      <div className="space-y-2">
        {(Object.keys(current) as (keyof MarketingForm)[]).map((key) => (
          <CheckboxField key={key} id={`marketing-${accountId}-${key}`} label={settingsText.channels[key] ?? key} checked={form[key]} onChange={(on) => change({ [key]: on })} />
        ))}
      </div>
    ),
  });

/** 'Restablecer contraseña': with or without the e-mail that lets the customer choose a new one. */
const resetPasswordForm = (accountId: number) =>
  chartForm<{ sendNotify: boolean }, { sendNotify: boolean }>({
    title: accessText.resetPasswordTitle,
    initial: () => ({ sendNotify: true }),
    validate: (form) => ({ ok: true, payload: form }),
    fields: (form, change) => <CheckboxField id={`reset-password-${accountId}-notify`} label={accessText.notify} checked={form.sendNotify} onChange={(sendNotify) => change({ sendNotify })} />,
  });

/** 'Descontaminar': the honesty the customer keeps (Nuevo by default). */
const decontaminateForm = (accountId: number) =>
  honestyForm({ id: `decontaminate-${accountId}`, title: fraudText.decontaminateTitle, label: fraudText.reliabilityLabel, levels: DECONTAMINATION_LEVELS, initial: DEFAULT_DECONTAMINATION });

/** 'Modificar cuenta': the honesty and the state at once. */
const modifyForm = (accountId: number, account: CustomerAccountState) =>
  chartForm<{ reliability: string; enable: boolean }, ModifyForm>({
    title: accountText.modifyTitle,
    initial: () => ({ reliability: String(account.reliability), enable: account.enabled }),
    validate: (form) =>
      Number(form.reliability) === account.reliability && form.enable === account.enabled ? { ok: false, message: AccountMsg.unchanged } : { ok: true, payload: { reliability: Number(form.reliability), enable: form.enable } },
    fields: (form, change) => (
      <div className="space-y-3">
        <SelectField id={`modify-${accountId}-reliability`} label={accountText.reliabilityLabel} value={form.reliability} options={RELIABILITY_LEVELS.map((l) => ({ value: String(l.value), label: l.label }))} onChange={(e) => change({ reliability: e.target.value })} />
        <CheckboxField id={`modify-${accountId}-enabled`} label={accountText.enabledLabel} checked={form.enable} onChange={(enable) => change({ enable })} />
      </div>
    ),
  });

/** The customer's data as the card shows it: what 'Editar datos' starts from. */
export interface CustomerInfo {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  countryCode: string | null;
  city: string | null;
  region: string | null;
  gender: string | null;
  birthday: string | null;
}

type InfoFormState = Record<keyof CustomerInfo, string>;
const INFO_FIELDS: readonly (keyof CustomerInfo)[] = ['firstName', 'lastName', 'email', 'countryCode', 'city', 'region', 'birthday'];

/** 'Editar datos': names, e-mail, country, city, region, gender, birthday. */
const infoForm = (accountId: number, info: CustomerInfo) =>
  chartForm<InfoFormState, InfoForm>({
    title: accountText.infoTitle,
    initial: () => Object.fromEntries(Object.entries(info).map(([key, value]) => [key, value ?? ''])) as InfoFormState,
    validate: (form) => {
      const checked = checkBody(UserDataBody, {
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        userInfo: { accountId, countryCode: form.countryCode, city: form.city, region: form.region, gender: form.gender === '' ? null : form.gender, birthday: form.birthday },
      });
      if (!checked.ok) return checked;
      const { userInfo: { accountId: _id, ...userInfo }, ...rest } = checked.payload;
      return { ok: true, payload: { ...rest, userInfo } };
    },
    fields: (form, change) => (
      <div className="grid grid-cols-2 gap-3">
        {INFO_FIELDS.map((key) => (
          <InputField key={key} id={`info-${accountId}-${key}`} label={accountText[key]} autoComplete="off" value={form[key]} onChange={(e) => change({ [key]: e.target.value })} />
        ))}
        <SelectField id={`info-${accountId}-gender`} label={accountText.gender} value={form.gender} options={['', ...GENDERS].map((g) => ({ value: g, label: accountText.genders[g] ?? g }))} onChange={(e) => change({ gender: e.target.value })} />
      </div>
    ),
  });

/** 'Grupos de roles': the §6 groups, ticked as the customer holds them; what changes is sent. */
const groupsForm = (accountId: number, held: readonly string[]) =>
  chartForm<{ groups: string[] }, GroupsForm>({
    title: accountText.groupsTitle,
    initial: () => ({ groups: ASSIGNABLE_GROUPS.filter((g) => held.includes(g)) }),
    validate: ({ groups }) => {
      const assingGroups = groups.filter((g) => !held.includes(g));
      const unassingGroups = ASSIGNABLE_GROUPS.filter((g) => held.includes(g) && !groups.includes(g));
      return assingGroups.length + unassingGroups.length === 0 ? { ok: false, message: GroupsMsg.none } : { ok: true, payload: { assingGroups, unassingGroups } };
    },
    fields: (form, change) => (
      <div className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto">
        {ASSIGNABLE_GROUPS.map((g) => (
          <CheckboxField key={g} id={`groups-${accountId}-${g.replace(/\W/g, '-')}`} label={g} checked={form.groups.includes(g)} onChange={(on) => change({ groups: on ? [...form.groups, g] : form.groups.filter((x) => x !== g) })} />
        ))}
      </div>
    ),
  });

interface CourtesyFormState {
  phone: string;
  offerId: string;
  offerTitle: string;
}

/** The Cubacel offers on sale, read when the form opens ('Error buscando las ofertas' with a retry when they cannot be). */
function OfferField({ id, value, onChange }: { id: string; value: string; onChange: (offer: TopupOffer | null) => void }) {
  const services = useServices();
  const catalogue = useShownDetail(() => getOffers(services.catalog, COURTESY.productType, COURTESY.countryCode, COURTESY.operator));
  return (
    <DetailTabView tab={catalogue} failed={CourtesyMsg.offersFailed} loading={courtesyText.loading}>
      {({ offers }) => (
        <SelectField
          id={id}
          label={courtesyText.offer}
          value={value}
          emptyLabel={courtesyText.choose}
          options={offers.map((o) => ({ value: String(o.id), label: `${o.title} (${courtesyText.price(formatMoney(o.finalPrice, 'USD'))})` }))}
          onChange={(e) => onChange(offers.find((o) => String(o.id) === e.target.value) ?? null)}
        />
      )}
    </DetailTabView>
  );
}

/** 'Recarga de cortesía': a Cubacel number after the fixed 53 (checked first), then one offer of the catalogue. */
const courtesyForm = (accountId: number) =>
  chartForm<CourtesyFormState, CourtesyPayload>({
    title: courtesyText.title,
    initial: () => ({ phone: '', offerId: '', offerTitle: '' }),
    validate: (form) => {
      const phone = form.phone.trim();
      const checked = checkBody(CourtesyBody, { accountId, phoneNumber: phone === '' ? '' : `${COURTESY.prefix}${phone.replace(/^\+?53(?=\d{8}$)/, '')}`, offerId: Number(form.offerId) || 0 });
      return checked.ok ? { ok: true, payload: { phoneNumber: checked.payload.phoneNumber, offerId: checked.payload.offerId, offerTitle: form.offerTitle } } : checked;
    },
    fields: (form, change) => (
      <div className="grid grid-cols-4 gap-3">
        <InputField id={`courtesy-${accountId}-prefix`} label={courtesyText.prefix} value={COURTESY.prefix} readOnly />
        <InputField id={`courtesy-${accountId}-phone`} className="col-span-3" label={courtesyText.phone} inputMode="numeric" autoComplete="off" value={form.phone} onChange={(e) => change({ phone: e.target.value })} onWheel={(e) => e.currentTarget.blur()} />
        <div className="col-span-4">
          <OfferField id={`courtesy-${accountId}-offer`} value={form.offerId} onChange={(offer) => change({ offerId: offer ? String(offer.id) : '', offerTitle: offer?.title ?? '' })} />
        </div>
      </div>
    ),
  });

/** What the account's forms start from. */
export interface CustomerAccountState {
  enabled: boolean;
  reliability: number;
  /** The names of the customer's groups. */
  groups: readonly string[];
}

/**
 * The customer's own actions, above the card: what each chart offers this staff member now, each
 * chart restored from the server's snapshot the account data carries (`charts`).
 */
export function CustomerActions({ accountId, charts, contact, account, settings, info, onDone }: { accountId: number; charts: readonly ChartSnapshot[] | undefined; contact: CustomerContact; account: CustomerAccountState; settings: CustomerSettings; info: CustomerInfo; onDone: () => void }) {
  const subject = { accountId };
  const parts = [
    snapshotPart(charts, { lifecycle: customerCredit, subject, forms: { 'credit.change': creditForm(accountId), 'credit.convert': convertForm(accountId) } }),
    snapshotPart(charts, { lifecycle: creditTransfer, subject, forms: { 'transfer.create': transferForm(accountId) } }),
    snapshotPart(charts, { lifecycle: customerNotify, subject, forms: { 'notify.send': notifyForm(accountId, contact) } }),
    snapshotPart(charts, { lifecycle: customerAccount, subject, forms: { 'account.reliability': reliabilityForm(accountId, account.reliability), 'account.modify': modifyForm(accountId, account), 'account.info': infoForm(accountId, info), 'account.groups': groupsForm(accountId, account.groups) } }),
    snapshotPart(charts, {
      lifecycle: accountSettings,
      subject,
      forms: { 'settings.threeDs': threeDsForm(accountId, settings.value3DS), 'settings.tuBolsillo': tuBolsilloForm(accountId, settings.tuBolsillo), 'settings.marketing': marketingForm(accountId, settings.marketing) },
    }),
    snapshotPart(charts, { lifecycle: customerAccess, subject, forms: { 'access.resetPassword': resetPasswordForm(accountId) } }),
    snapshotPart(charts, { lifecycle: customerFraud, subject, forms: { 'fraud.decontaminate': decontaminateForm(accountId) } }),
    snapshotPart(charts, { lifecycle: customerKyc, subject }),
    snapshotPart(charts, { lifecycle: customerCourtesy, subject, forms: { 'courtesy.topup': courtesyForm(accountId) } }),
    snapshotPart(charts, { lifecycle: customerReports, subject, forms: { 'reports.generate': reportForm(accountId) } }),
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

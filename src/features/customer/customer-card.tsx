import type { ReactNode } from 'react';
import type { CustomerCardData } from './customer-card-read';
import { formatCredit, formatMoney } from '@/domain/format';
import { creditTypeLabel } from '@/domain/credit';
import { reliabilityLabel, reliabilityTone } from '@/domain/reliability';
import { formatCalendarDate, formatDateTime } from '@/domain/time';
import { KeyValues } from '@/ui/detail-table';
import { TONE_CLASS } from '@/ui/tone';
import { customerCardText } from '@/i18n/es-customer-shared';
import { yesNo, t } from '@/i18n';



const text = customerCardText;

export function Reliability({ value }: { value: number }) {
  return <span className={TONE_CLASS[reliabilityTone(value)]}>{reliabilityLabel(value)}</span>;
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 rounded-md p-3 ring-1 ring-slate-200">
      <h3 className="text-xs font-semibold tracking-wide text-slate-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** The customer card in its three parts (spec details §2): Datos Generales, Datos de Cuenta, Datos de Credito. */
export function CustomerCard({ card }: { card: CustomerCardData }) {
  const { summary, data, totalUsd } = card;
  return (
    <div aria-label={text.label(summary.accountId)} role="group" className="grid gap-3 lg:grid-cols-3">
      <Part title={text.general}>
        <KeyValues
          items={[
            { label: text.id, value: summary.accountId },
            { label: text.firstName, value: summary.firstName ?? '' },
            { label: text.lastName, value: summary.lastName ?? '' },
            { label: text.alias, value: summary.alias ?? '' },
            { label: text.email, value: summary.email ?? '' },
            { label: text.phone, value: summary.phoneNumber ?? '' },
            { label: text.registered, value: formatDateTime(summary.registerDate) },
            { label: text.state, value: summary.enabled ? text.enabled : text.disabled },
            { label: text.groups, value: summary.groups.map((g) => g.name).join(', ') },
            { label: text.reliability, value: <Reliability value={summary.userBasicData.reliability} /> },
          ]}
        />
      </Part>
      <Part title={text.account}>
        <KeyValues
          items={[
            { label: text.currency, value: data.currency ?? '' },
            { label: text.country, value: data.country ?? '' },
            { label: text.city, value: data.city ?? '' },
            { label: text.region, value: data.region ?? '' },
            { label: text.gender, value: data.gender ? (text.genders[data.gender] ?? data.gender) : '' },
            { label: text.birthday, value: formatCalendarDate(data.birthday) },
            { label: text.registeredWay, value: data.registeredWay ?? '' },
            { label: text.pin, value: <span className="font-mono">{data.pin ?? ''}</span> },
            { label: text.promotionsSms, value: yesNo(data.sendPromotionsSMS) },
            { label: text.promotionsEmail, value: yesNo(data.sendPromotionsEmail) },
            { label: text.promotionsWhatsapp, value: yesNo(data.sendPromotionsWhatsapp) },
            { label: text.promotionsCalls, value: yesNo(data.sendPromotions) },
            { label: text.callRoute, value: data.defaultCallRoute ?? '' },
            { label: text.threeDs, value: text.threeDsValues[data.value3DS] ?? data.value3DS },
            { label: text.groupDid, value: data.groupDID ?? '' },
            { label: text.didMandatory, value: data.didMandatory ? text.didValues[data.didMandatory] : t.no },
            { label: text.tuBolsillo, value: yesNo(data.tuBolsilloServices) },
          ]}
        />
      </Part>
      <Part title={text.credit}>
        <KeyValues
          items={[
            ...(data.userCredit.length === 0
              ? [{ label: text.creditCurrency, value: text.noCredit }]
              : data.userCredit.map((c) => ({ label: creditTypeLabel(c.creditType), value: formatCredit(c.amount) }))),
            { label: text.totalUsd, value: formatMoney(totalUsd, 'USD') },
          ]}
        />
      </Part>
    </div>
  );
}

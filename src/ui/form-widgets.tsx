import type { ReactNode } from 'react';
import type { MessageTemplate } from '@/api/contract/customer-notify';
import { getOffers, getTemplates } from '@/api/customer-forms';
import { getCouriers } from '@/api/remittance';
import { getSmsProviders } from '@/api/settings';
import { COURTESY, CourtesyMsg } from '@/domain/courtesy';
import { formatMoney } from '@/domain/format';
import { NotifyMsg, previewOf, renderTemplate } from '@/domain/notify';
import type { FormWidget } from '@/machines/lifecycle/form';
import { DetailTabView, useShownDetail, type ShownTab } from './detail-tab';
import { InputField, SelectField } from './fields';
import { useServices } from './session';
import { customerActionText } from '@/i18n/es-customer-actions';
import { remittanceText } from '@/i18n/es-remittance';
import { settingsText } from '@/i18n/es-settings';

/**
 * The fields a form declares by name (`FormWidget`) and the form draws itself: each a catalogue
 * read when the form opens. One module for all of them, loaded with the first form that draws one
 * (row-form.tsx imports it lazily, issue 26): every page that offers a form would otherwise carry
 * the customer actions' texts, the templates' contract and the couriers' read before its first paint.
 */

/** What a widget is given: the form's id stem and the field's own id, its label, the form's value, the key of the field it edits. */
export interface WidgetProps {
  stem: string;
  id: string;
  name: string;
  label: string;
  value: Readonly<Record<string, unknown>>;
  change: (patch: Readonly<Record<string, unknown>>) => void;
}

const notifyText = customerActionText.notify;
const courtesyText = customerActionText.courtesy;

/** A choice among a catalogue's entries, kept in the form's value under the field's name. */
function CatalogueSelect<T>({ id, name, label, value, change, tab, failed, emptyLabel, option }: WidgetProps & { tab: ShownTab<readonly T[]>; failed?: string; emptyLabel: string; option: (entry: T) => { value: string; label: string } }) {
  return (
    <DetailTabView tab={tab} failed={failed}>
      {(list) => <SelectField id={id} label={label} value={String(value[name] ?? '')} emptyLabel={emptyLabel} options={list.map(option)} onChange={(e) => change({ [name]: e.target.value })} />}
    </DetailTabView>
  );
}

/**
 * A WhatsApp's template and its variables (the form's `template` and `variables`): the approved
 * templates read when chosen ('Error buscando las mensajes programables' with a retry), one input
 * per variable, the message's preview cut to 140.
 */
function TemplateField({ stem, id, label, value, change }: WidgetProps) {
  const services = useServices();
  const templates = useShownDetail(() => getTemplates(services.messenger));
  const template = (value.template ?? null) as MessageTemplate | null;
  const variables = (value.variables ?? []) as readonly string[];
  return (
    <DetailTabView tab={templates} failed={NotifyMsg.templatesFailed} loading={notifyText.loadingTemplates}>
      {(list) => (
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            id={id}
            className="col-span-2"
            label={label}
            value={template?.name ?? ''}
            emptyLabel={notifyText.chooseTemplate}
            options={list.map((t) => ({ value: t.name, label: t.name }))}
            onChange={(e) => {
              const chosen = list.find((t) => t.name === e.target.value) ?? null;
              change({ template: chosen, variables: Array.from({ length: chosen?.variables ?? 0 }, () => '') });
            }}
          />
          {variables.map((typed, i) => (
            <InputField
              key={i}
              id={`${stem}-variable-${i + 1}`}
              label={notifyText.variable(i + 1)}
              autoComplete="off"
              value={typed}
              onChange={(e) => change({ variables: variables.map((v, j) => (j === i ? e.target.value : v)) })}
            />
          ))}
          {template && template.variables !== null ? (
            <div role="note" className="col-span-2 rounded-md bg-emerald-50 p-2 text-sm text-emerald-900" aria-label={notifyText.preview}>
              {previewOf(renderTemplate(template.body, variables))}
            </div>
          ) : null}
        </div>
      )}
    </DetailTabView>
  );
}

/** The Cubacel offers on sale (the form's `offerId` and `offerTitle`), read when the form opens ('Error buscando las ofertas' with a retry when they cannot be). */
function TopupOfferField({ id, label, value, change }: WidgetProps) {
  const services = useServices();
  const catalogue = useShownDetail(() => getOffers(services.catalog, COURTESY.productType, COURTESY.countryCode, COURTESY.operator));
  return (
    <DetailTabView tab={catalogue} failed={CourtesyMsg.offersFailed} loading={courtesyText.loading}>
      {({ offers }) => (
        <SelectField
          id={id}
          label={label}
          value={String(value.offerId ?? '')}
          emptyLabel={courtesyText.choose}
          options={offers.map((o) => ({ value: String(o.id), label: `${o.title} (${courtesyText.price(formatMoney(o.finalPrice, 'USD'))})` }))}
          onChange={(e) => {
            const offer = offers.find((o) => String(o.id) === e.target.value) ?? null;
            change({ offerId: offer ? String(offer.id) : '', offerTitle: offer?.title ?? '' });
          }}
        />
      )}
    </DetailTabView>
  );
}

/** The delivery service's active couriers (the courier's id), read when the form opens ('Error buscando los mensajeros' with a retry). */
function CourierField(props: WidgetProps) {
  const services = useServices();
  const couriers = useShownDetail(() => getCouriers(services.remittances));
  return <CatalogueSelect {...props} tab={couriers} failed={remittanceText.forms.couriersFailed} emptyLabel={remittanceText.forms.choose} option={(c) => ({ value: String(c.id), label: `${c.nickname} · ${c.team}` })} />;
}

/** The SMS host's providers (the provider's name), read when the form opens. */
function SmsProviderField(props: WidgetProps) {
  const services = useServices();
  const providers = useShownDetail(() => getSmsProviders(services));
  return <CatalogueSelect {...props} tab={providers} emptyLabel={settingsText.sms.chooseProvider} option={(p) => ({ value: p, label: p })} />;
}

const WIDGETS: Record<FormWidget, (props: WidgetProps) => ReactNode> = {
  whatsappTemplate: TemplateField,
  topupOffer: TopupOfferField,
  courier: CourierField,
  smsProvider: SmsProviderField,
};

export function FormWidgetField({ widget, ...props }: WidgetProps & { widget: FormWidget }): ReactNode {
  const Widget = WIDGETS[widget];
  return <Widget {...props} />;
}

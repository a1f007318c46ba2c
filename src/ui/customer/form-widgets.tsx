import type { MessageTemplate } from '@/api/contract/customer-notify';
import { getOffers, getTemplates } from '@/api/customer-forms';
import { COURTESY, CourtesyMsg } from '@/domain/courtesy';
import { formatMoney } from '@/domain/format';
import { NotifyMsg, previewOf, renderTemplate } from '@/domain/notify';
import { DetailTabView, useShownDetail } from '@/ui/detail-tab';
import { InputField, SelectField } from '@/ui/fields';
import { useServices } from '@/ui/session';
import { customerActionText } from '@/i18n/es-customer-actions';

const notifyText = customerActionText.notify;
const courtesyText = customerActionText.courtesy;

export interface WidgetProps {
  /** The form's id stem and the field's own id. */
  stem: string;
  id: string;
  label: string;
  value: Readonly<Record<string, unknown>>;
  change: (patch: Readonly<Record<string, unknown>>) => void;
}

/**
 * A WhatsApp's template and its variables (the form's `template` and `variables`): the approved
 * templates read when chosen ('Error buscando las mensajes programables' with a retry), one input
 * per variable, the message's preview cut to 140.
 */
export function TemplateField({ stem, id, label, value, change }: WidgetProps) {
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
export function TopupOfferField({ id, label, value, change }: WidgetProps) {
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

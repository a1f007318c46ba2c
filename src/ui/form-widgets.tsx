import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { FormWidget } from '@/machines/lifecycle/form';
import type { WidgetProps } from './customer/form-widgets';
import { Spinner } from './spinner';
import { t } from '@/i18n';

/** What a widget is given: its ids, its label, the form's value, and the key of the field it edits. */
type NamedWidgetProps = WidgetProps & { name: string };

/**
 * The widgets load with the first form that draws one (issue 26): every page that offers a form
 * (the order and customer pages) would otherwise carry the customer actions' texts, reports and
 * templates' contracts, and the couriers' read, before its first paint.
 */
const customerWidget = (name: 'TemplateField' | 'TopupOfferField'): ComponentType<NamedWidgetProps> =>
  lazy(async () => ({ default: (await import('./customer/form-widgets'))[name] }));
const CourierField: ComponentType<NamedWidgetProps> = lazy(async () => ({ default: (await import('./order/form-widgets')).CourierField }));
const SmsProviderField: ComponentType<NamedWidgetProps> = lazy(async () => ({ default: (await import('./settings/form-widgets')).SmsProviderField }));

/** The fields a form declares by name and the screen draws itself: catalogues read when the form opens. */
const WIDGETS: Record<FormWidget, ComponentType<NamedWidgetProps>> = {
  whatsappTemplate: customerWidget('TemplateField'),
  topupOffer: customerWidget('TopupOfferField'),
  courier: CourierField,
  smsProvider: SmsProviderField,
};

export function FormWidgetField({ widget: name, ...props }: NamedWidgetProps & { widget: FormWidget }): ReactNode {
  const Widget = WIDGETS[name];
  return (
    <Suspense fallback={<Spinner label={t.app.loading} />}>
      <Widget {...props} />
    </Suspense>
  );
}

import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { FormWidget } from '@/machines/lifecycle/form';
import type { WidgetProps } from './customer/form-widgets';
import { Spinner } from './spinner';
import { t } from '@/i18n';

/**
 * The widgets load with the first form that draws one (issue 26): every page that offers a form
 * (the order and customer pages) would otherwise carry the customer actions' texts, reports and
 * templates' contracts before its first paint.
 */
const widget = (name: 'TemplateField' | 'TopupOfferField'): ComponentType<WidgetProps> =>
  lazy(async () => ({ default: (await import('./customer/form-widgets'))[name] }));

/** The fields a form declares by name and the screen draws itself: catalogues read when the form opens. */
const WIDGETS: Record<FormWidget, ComponentType<WidgetProps>> = {
  whatsappTemplate: widget('TemplateField'),
  topupOffer: widget('TopupOfferField'),
};

export function FormWidgetField({ widget: name, ...props }: WidgetProps & { widget: FormWidget }): ReactNode {
  const Widget = WIDGETS[name];
  return (
    <Suspense fallback={<Spinner label={t.app.loading} />}>
      <Widget {...props} />
    </Suspense>
  );
}

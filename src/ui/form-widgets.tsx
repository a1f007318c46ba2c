import type { ReactNode } from 'react';
import type { FormWidget } from '@/machines/lifecycle/form';
import { TemplateField, TopupOfferField, type WidgetProps } from './customer/form-widgets';

/** The fields a form declares by name and the screen draws itself: catalogues read when the form opens. */
const WIDGETS: Record<FormWidget, (props: WidgetProps) => ReactNode> = {
  whatsappTemplate: TemplateField,
  topupOffer: TopupOfferField,
};

export function FormWidgetField({ widget, ...props }: WidgetProps & { widget: FormWidget }) {
  const Widget = WIDGETS[widget];
  return <Widget {...props} />;
}

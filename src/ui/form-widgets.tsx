import type { ReactNode } from 'react';
import type { FormWidget } from '@/machines/lifecycle/form';
import { TemplateField, TopupOfferField, type WidgetProps } from './customer/form-widgets';
import { CourierField } from './order/form-widgets';

/** What a widget is given: its ids, its label, the form's value, and the key of the field it edits. */
type NamedWidgetProps = WidgetProps & { name: string };

/** The fields a form declares by name and the screen draws itself: catalogues read when the form opens. */
const WIDGETS: Record<FormWidget, (props: NamedWidgetProps) => ReactNode> = {
  whatsappTemplate: TemplateField,
  topupOffer: TopupOfferField,
  courier: CourierField,
};

export function FormWidgetField({ widget, ...props }: NamedWidgetProps & { widget: FormWidget }) {
  const Widget = WIDGETS[widget];
  return <Widget {...props} />;
}

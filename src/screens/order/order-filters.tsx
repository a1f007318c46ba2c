import { ORDER_STATUS_FILTERS, orderStatusLabel } from '@/domain/order-status';
import { PRODUCT_FILTERS, productFilter, productStatusOptions } from '@/domain/products';
import { CLIENT_CHANNELS, PAYMENT_SYSTEMS } from '@/domain/catalog';
import { ORDER_EXTRA_FILTERS } from '@/api/contract/order-lists';
import { DateRangeFields, type SearchScreen } from '@/ui/search-screen';
import { InputField, SelectField } from '@/ui/fields';
import { listText } from '@/i18n/es-lists';

const STATUS_OPTIONS = ORDER_STATUS_FILTERS.map((s) => ({ value: s, label: s === 'ALL_RISK' ? 'ALL_RISK (todas las de riesgo)' : orderStatusLabel(s) }));
const PRODUCT_OPTIONS = PRODUCT_FILTERS.map((p) => ({ value: p.value, label: p.label }));
const VIA_OPTIONS = CLIENT_CHANNELS.map((c) => ({ value: c.clientId, label: c.label }));
const GATEWAY_OPTIONS = PAYMENT_SYSTEMS.map((p) => ({ value: String(p.code), label: `${p.code} · ${p.name}` }));
const EXTRA_OPTIONS = ORDER_EXTRA_FILTERS.map((f) => ({ value: f.key, label: f.label }));

export function OrderFilters({ screen }: { screen: SearchScreen }) {
  const d = screen.draft;
  const { field } = screen;
  // The product's own names for its statuses once a product is chosen, as the grid shows them.
  const statusOptions = productStatusOptions(productFilter(d.productType ?? '')?.productType ?? null);
  return (
    <>
      <InputField id="orderId" label={listText.orders.orderId} inputMode="numeric" {...field('orderId')} />
      <InputField id="accountId" label={listText.userId} inputMode="numeric" {...field('accountId')} />
      <SelectField id="status" label={listText.status} options={STATUS_OPTIONS} emptyLabel={listText.all} {...field('status')} />
      <SelectField id="productType" label={listText.orders.product} options={PRODUCT_OPTIONS} emptyLabel={listText.all} {...field('productType')} />
      <SelectField id="productStatus" label={listText.orders.productStatus} options={statusOptions} emptyLabel={listText.all} {...field('productStatus')} />
      <SelectField id="viaClientId" label={listText.orders.via} options={VIA_OPTIONS} emptyLabel={listText.all} {...field('viaClientId')} />
      <SelectField id="pasarela" label={listText.orders.gateway} options={GATEWAY_OPTIONS} emptyLabel={listText.all} {...field('pasarela')} />
      <InputField id="ipOrigin" label={listText.orders.ip} {...field('ipOrigin')} />
      <InputField id="productDestination" label={listText.orders.destination} {...field('productDestination')} />
      <DateRangeFields screen={screen} />
      <SelectField id="extraKind" label={listText.orders.extraKind} options={EXTRA_OPTIONS} {...field('extraKind')} />
      <InputField id="extraValue" label={listText.orders.extraValue} {...field('extraValue')} />
    </>
  );
}

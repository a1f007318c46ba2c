/** Product types of order items as the reference data stores them. */
export const PRODUCT_TYPES = [
  'TOPUP', 'TOPUP_NAUTA', 'SALDO', 'CAD_CREDIT', 'EUR_CREDIT', 'PICKUP_CASH', 'REMESA_A_DOMICILIO', 'REMESA_BANCARIA',
  'TRANSFER', 'REQUEST', 'CASHOUT', 'MINUTE', 'MINI_CALL', 'PREPAID_CARD', 'PREPAID_CARD_PAYMENT', 'CREDIT_TO_USER', 'GIFT_CARD',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** Item (product) statuses (spec lists §4). */
export const PRODUCT_STATUSES = [
  'OPEN', 'PRE_ORDER', 'FULFILLED', 'IN_TRANSIT', 'DELIVERED', 'TO_ACTIVATE', 'MANUAL', 'REFUND', 'REFUND_PARTIAL',
  'REFUND_TO_CREDIT', 'PENDING_DELIVERY', 'MULTIPLE', 'ERROR', 'CANCELLED', 'ROLLBACK', 'IMPOSSIBLE', 'PENDING',
  'REQUESTED', 'PROCESSING',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface ProductFilter {
  /** The value the product filter sends (`productType`). */
  value: string;
  label: string;
  productType: ProductType;
  /** Narrows by the item's destination currency. */
  currency?: string;
  /** Excludes a destination currency (top-ups not in CUP). */
  notCurrency?: string;
}

/** The order product filter values (spec lists §9), each mapped onto stored product types. */
export const PRODUCT_FILTERS: readonly ProductFilter[] = [
  { value: 'TOPUP_NAUTA', label: 'Nauta', productType: 'TOPUP_NAUTA' },
  { value: 'TOPUP_CUP', label: 'Recarga (CUP)', productType: 'TOPUP', currency: 'CUP' },
  { value: 'TOPUP_NOCUP', label: 'Recarga (no CUP)', productType: 'TOPUP', notCurrency: 'CUP' },
  { value: 'SALDO', label: 'Saldo', productType: 'SALDO' },
  { value: 'CAD_CREDIT', label: 'Saldo CAD', productType: 'CAD_CREDIT' },
  { value: 'EUR_CREDIT', label: 'Saldo EUR', productType: 'EUR_CREDIT' },
  { value: 'PICKUP_CASH', label: 'Saldo (recogida de efectivo)', productType: 'PICKUP_CASH' },
  { value: 'REMESA_A_DOMICILIO_CUP', label: 'Remesa a domicilio (CUP)', productType: 'REMESA_A_DOMICILIO', currency: 'CUP' },
  { value: 'REMESA_A_DOMICILIO_USD', label: 'Remesa a domicilio (USD)', productType: 'REMESA_A_DOMICILIO', currency: 'USD' },
  { value: 'REMESA_A_DOMICILIO_EUR', label: 'Remesa a domicilio (EUR)', productType: 'REMESA_A_DOMICILIO', currency: 'EUR' },
  { value: 'REMESA_BANCARIA', label: 'Remesa bancaria', productType: 'REMESA_BANCARIA' },
  { value: 'TRANSFER', label: 'Transferencia', productType: 'TRANSFER' },
  { value: 'REQUEST', label: 'Solicitud de pago', productType: 'REQUEST' },
  { value: 'CASHOUT', label: 'Cashout', productType: 'CASHOUT' },
  { value: 'MINUTE', label: 'Minutos', productType: 'MINUTE' },
  { value: 'MINI_CALL', label: 'Mini llamadas', productType: 'MINI_CALL' },
  { value: 'PREPAID_CARD', label: 'Tarjeta prepagada', productType: 'PREPAID_CARD' },
  { value: 'PREPAID_CARD_PAYMENT', label: 'Pago de tarjeta prepagada', productType: 'PREPAID_CARD_PAYMENT' },
  { value: 'CREDIT_TO_USER', label: 'Crédito a usuario', productType: 'CREDIT_TO_USER' },
];

export function productFilter(value: string): ProductFilter | undefined {
  return PRODUCT_FILTERS.find((f) => f.value === value);
}

/**
 * A product's own status labels (spec lists §4), then one Spanish label for every other status.
 * Filters and grid cells use the same function, so a status reads the same in both: a filter
 * with a product chosen offers that product's labels; without one, a status that some product
 * names differently shows both names ("Abierta / En proceso"), so every row's label is one the
 * filter offered. The code itself is never shown raw.
 */
const PREPAID_LABELS: Partial<Record<string, string>> = {
  OPEN: 'En proceso',
  MANUAL: 'En proceso',
  PENDING_DELIVERY: 'Asignada',
  IN_TRANSIT: 'En tránsito',
  DELIVERED: 'Entregada',
  TO_ACTIVATE: 'Por activar',
  FULFILLED: 'Recargada',
};
const REMITTANCE_LABELS: Partial<Record<string, string>> = {
  TO_ACTIVATE: 'Aprobada',
  MANUAL: 'En proceso',
  PENDING_DELIVERY: 'Asignada',
};
const PICKUP_LABELS: Partial<Record<string, string>> = {
  TO_ACTIVATE: 'Aprobada',
  OPEN: 'En proceso',
  PENDING_DELIVERY: 'Asignada',
};

/** Every status in Spanish, where no product names it otherwise. */
const STATUS_LABELS: Record<ProductStatus, string> = {
  OPEN: 'Abierta',
  PRE_ORDER: 'Preorden',
  FULFILLED: 'Completada',
  IN_TRANSIT: 'En tránsito',
  DELIVERED: 'Entregada',
  TO_ACTIVATE: 'Por activar',
  MANUAL: 'En proceso',
  REFUND: 'Reembolsada',
  REFUND_PARTIAL: 'Reembolso parcial',
  REFUND_TO_CREDIT: 'Reembolsada a crédito',
  PENDING_DELIVERY: 'Asignada',
  MULTIPLE: 'Múltiple',
  ERROR: 'Error',
  CANCELLED: 'Cancelada',
  ROLLBACK: 'Revertida',
  IMPOSSIBLE: 'Imposible',
  PENDING: 'Pendiente',
  REQUESTED: 'Solicitada',
  PROCESSING: 'Procesando',
};

const PRODUCT_LABELS: Readonly<Record<string, Partial<Record<string, string>>>> = {
  PREPAID_CARD: PREPAID_LABELS,
  REMESA_A_DOMICILIO: REMITTANCE_LABELS,
  REMESA_BANCARIA: REMITTANCE_LABELS,
  PICKUP_CASH: PICKUP_LABELS,
};

/** How a product names one of its statuses. */
export function productStatusLabel(productType: string, status: string): string {
  return PRODUCT_LABELS[productType]?.[status] ?? STATUS_LABELS[status as ProductStatus] ?? status;
}

/** A status as a filter offers it: the product's name for it, or, with no product chosen, every name it goes by. */
export function statusFilterLabel(productType: string | null, status: ProductStatus): string {
  if (productType) return productStatusLabel(productType, status);
  const names = [STATUS_LABELS[status], ...Object.values(PRODUCT_LABELS).map((labels) => labels[status])].filter((n): n is string => n !== undefined);
  return [...new Set(names)].join(' / ');
}

/** The options of a product-status filter, for the product chosen (or none). */
export function productStatusOptions(productType: string | null): { value: string; label: string }[] {
  return PRODUCT_STATUSES.map((status) => ({ value: status, label: statusFilterLabel(productType, status) }));
}

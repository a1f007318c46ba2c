/** Business catalogues shared by filters, labels and the reference server's data. */

/** Client ids and the channel each stands for (spec lists §9). */
export const CLIENT_CHANNELS = [
  { clientId: 'ios', label: 'App iOS' },
  { clientId: 'android', label: 'App Android' },
  { clientId: 'web', label: 'Web' },
  { clientId: 'crm', label: 'CRM' },
  { clientId: 'retail-android', label: 'Retail Android' },
  { clientId: 'mobile-app', label: 'App móvil' },
  { clientId: 'impersonation', label: 'Impersonación' },
  { clientId: 'test', label: 'Prueba' },
  { clientId: 'market', label: 'Market' },
] as const;
export type ClientId = (typeof CLIENT_CHANNELS)[number]['clientId'];

/** The nine app names offered by the filters (spec lists §9). */
export const APP_NAMES = [
  'VIAJES', 'ENVIOS', 'DELIVERY', 'SHIPPING', 'MELOPARO', 'LIBRAS', 'PAGOS', 'LLAMADAS', 'LLAMADAS_PLUS',
] as const;
export type AppName = (typeof APP_NAMES)[number];

/** Payment system codes (spec §9). */
export const PAYMENT_SYSTEMS = [
  { code: 1, name: 'Braintree' },
  { code: 2, name: 'Bambora' },
  { code: 3, name: 'PayPal' },
  { code: 4, name: 'PayPal Credit' },
  { code: 5, name: 'Credito de usuario' },
  { code: 6, name: 'Wallet' },
  { code: 7, name: 'Cualquiera' },
  { code: 8, name: 'Bambora CAD' },
  { code: 9, name: 'Pagos locales' },
  { code: 10, name: 'Venmo' },
  { code: 12, name: 'Cybersource' },
  { code: 13, name: 'Stripe' },
  { code: 14, name: 'Tienda' },
  { code: 15, name: 'Fort Point' },
  { code: 16, name: 'Fort Point RVIP' },
  { code: 17, name: 'Bank Tower' },
  { code: 18, name: 'FPP aCuba' },
  { code: 19, name: 'Fort Point Delivery' },
  { code: 20, name: 'BT Coco VIP' },
  { code: 22, name: 'Bank Tower RVIP' },
  { code: 23, name: 'Zelle' },
] as const;

export const CURRENCIES = ['USD', 'EUR', 'CAD', 'CUP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type PaymentSystemCode = (typeof PAYMENT_SYSTEMS)[number]['code'];

export function paymentSystemName(code: number | null | undefined): string {
  if (code === null || code === undefined) return '';
  return PAYMENT_SYSTEMS.find((p) => p.code === code)?.name ?? String(code);
}

/** Gateways offered by the payments filter: the lists differ by app; the market app adds Stripe and FPP. */
const COMMON_GATEWAYS: readonly number[] = [1, 2, 3, 5, 8, 12, 14, 23];
export const GATEWAYS_BY_APP: Readonly<Record<string, readonly number[]>> = {
  DELIVERY: [...COMMON_GATEWAYS, 13, 18],
  ENVIOS: [...COMMON_GATEWAYS, 15, 17],
  PAGOS: [...COMMON_GATEWAYS, 9, 10],
};

export function gatewaysFor(appName: string | null | undefined): readonly number[] {
  return (appName && GATEWAYS_BY_APP[appName]) || COMMON_GATEWAYS;
}

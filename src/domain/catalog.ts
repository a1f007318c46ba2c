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

/** Product types of order items (spec details §9). */
export const PRODUCT_TYPES = [
  'TOPUP', 'TOPUP_NAUTA', 'TRANSFER', 'REMESA', 'PREPAID_CARD', 'PREPAID_CARD_PAYMENT', 'CREDIT_TO_USER',
  'SALDO', 'CAD_CREDIT', 'EUR_CREDIT', 'PICKUP_CASH',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

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

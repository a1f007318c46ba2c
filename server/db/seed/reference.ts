/** Reference data of the settings and extras screens: countries, SMS providers, rates, stop lists. */

export interface CountrySeed {
  code: string;
  name: string;
  prefix: string;
  mask: string;
  priority: number;
  /** Extra dialling prefixes (shared plans such as +1). */
  prefixes?: string[];
}

/** Priority 1 is shown first; priorities at or below 6 are the highlighted markets. */
export const COUNTRIES: readonly CountrySeed[] = [
  { code: 'CU', name: 'Cuba', prefix: '53', mask: '# ### ####', priority: 1, prefixes: ['535', '537'] },
  { code: 'US', name: 'Estados Unidos', prefix: '1', mask: '(###) ###-####', priority: 2 },
  { code: 'ES', name: 'España', prefix: '34', mask: '### ### ###', priority: 3 },
  { code: 'CA', name: 'Canadá', prefix: '1', mask: '(###) ###-####', priority: 4 },
  { code: 'MX', name: 'México', prefix: '52', mask: '## #### ####', priority: 5 },
  { code: 'DO', name: 'República Dominicana', prefix: '1', mask: '(###) ###-####', priority: 6, prefixes: ['1809', '1829', '1849'] },
  { code: 'HT', name: 'Haití', prefix: '509', mask: '## ## ####', priority: 7 },
  { code: 'VE', name: 'Venezuela', prefix: '58', mask: '### ### ####', priority: 8 },
  { code: 'CO', name: 'Colombia', prefix: '57', mask: '### ### ####', priority: 9 },
  { code: 'IT', name: 'Italia', prefix: '39', mask: '### ### ####', priority: 10 },
  { code: 'UY', name: 'Uruguay', prefix: '598', mask: '# ### ####', priority: 11 },
  { code: 'PY', name: 'Paraguay', prefix: '595', mask: '### ### ###', priority: 12 },
  { code: 'AR', name: 'Argentina', prefix: '54', mask: '## #### ####', priority: 13 },
  { code: 'CL', name: 'Chile', prefix: '56', mask: '# #### ####', priority: 14 },
  { code: 'PE', name: 'Perú', prefix: '51', mask: '### ### ###', priority: 15 },
  { code: 'EC', name: 'Ecuador', prefix: '593', mask: '## ### ####', priority: 16 },
  { code: 'PA', name: 'Panamá', prefix: '507', mask: '####-####', priority: 17 },
  { code: 'CR', name: 'Costa Rica', prefix: '506', mask: '#### ####', priority: 18 },
  { code: 'NI', name: 'Nicaragua', prefix: '505', mask: '#### ####', priority: 19 },
  { code: 'HN', name: 'Honduras', prefix: '504', mask: '####-####', priority: 20 },
  { code: 'GT', name: 'Guatemala', prefix: '502', mask: '#### ####', priority: 21 },
  { code: 'SV', name: 'El Salvador', prefix: '503', mask: '#### ####', priority: 22 },
  { code: 'BO', name: 'Bolivia', prefix: '591', mask: '# ### ####', priority: 23 },
  { code: 'BR', name: 'Brasil', prefix: '55', mask: '(##) #####-####', priority: 24 },
  { code: 'JM', name: 'Jamaica', prefix: '1', mask: '(###) ###-####', priority: 25, prefixes: ['1876'] },
  { code: 'PR', name: 'Puerto Rico', prefix: '1', mask: '(###) ###-####', priority: 26, prefixes: ['1787', '1939'] },
  { code: 'FR', name: 'Francia', prefix: '33', mask: '# ## ## ## ##', priority: 27 },
  { code: 'DE', name: 'Alemania', prefix: '49', mask: '### #######', priority: 28 },
  { code: 'GB', name: 'Reino Unido', prefix: '44', mask: '#### ######', priority: 29 },
  { code: 'PT', name: 'Portugal', prefix: '351', mask: '### ### ###', priority: 30 },
  { code: 'NL', name: 'Países Bajos', prefix: '31', mask: '# ########', priority: 31 },
  { code: 'CH', name: 'Suiza', prefix: '41', mask: '## ### ## ##', priority: 32 },
  { code: 'RU', name: 'Rusia', prefix: '7', mask: '### ###-##-##', priority: 33 },
  { code: 'CN', name: 'China', prefix: '86', mask: '### #### ####', priority: 34 },
  { code: 'PH', name: 'Filipinas', prefix: '63', mask: '### ### ####', priority: 35 },
  { code: 'IN', name: 'India', prefix: '91', mask: '##### #####', priority: 36 },
  { code: 'NG', name: 'Nigeria', prefix: '234', mask: '### ### ####', priority: 37 },
  { code: 'TR', name: 'Turquía', prefix: '90', mask: '### ### ## ##', priority: 38 },
  { code: 'AO', name: 'Angola', prefix: '244', mask: '### ### ###', priority: 39 },
  { code: 'GQ', name: 'Guinea Ecuatorial', prefix: '240', mask: '### ### ###', priority: 40 },
];

export const SMS_PROVIDERS = ['TWILIO', 'INFOBIP', 'NEXMO', 'PLIVO', 'SINCH', 'TELNYX'] as const;

export const SMS_CONFIG: readonly { prefix: string; provider: string }[] = [
  { prefix: 'Global', provider: 'TWILIO' },
  { prefix: '53', provider: 'INFOBIP' },
  { prefix: '1', provider: 'TWILIO' },
  { prefix: '34', provider: 'NEXMO' },
  { prefix: '52', provider: 'SINCH' },
  { prefix: '58', provider: 'PLIVO' },
];

/** Current exchange rates: one unit of the base in the currency, and the fee charged. */
export const EXCHANGE_RATES: readonly { base: string; currency: string; rate: number; fee: number }[] = [
  { base: 'USD', currency: 'CUP', rate: 120, fee: 0.05 },
  { base: 'USD', currency: 'EUR', rate: 0.92, fee: 0.02 },
  { base: 'USD', currency: 'CAD', rate: 1.36, fee: 0.02 },
  { base: 'USD', currency: 'MXN', rate: 17.1, fee: 0.03 },
  { base: 'EUR', currency: 'CUP', rate: 130, fee: 0.05 },
  { base: 'CAD', currency: 'CUP', rate: 88, fee: 0.05 },
];

export const FRAUD_STOP_LISTS = {
  COUNTRIES_TO_STOP: ['NG', 'VE', 'RU', 'KP'],
  TOPUP_COUNTRIES_TO_STOP: ['HT', 'VE'],
  BANKS_TO_STOP: ['Banco Metropolitano 9205', 'Green Dot Bank', 'Bancorp Prepaid'],
} as const;

/** Card prefixes the generated cards start with (test BINs, never real cards). */
export const CARD_BINS = ['411111', '424242', '545454', '555555', '601100', '378282', '400005', '510510'] as const;
export const ISSUING_BANKS = ['Chase', 'Bank of America', 'Wells Fargo', 'Santander', 'BBVA', 'Green Dot Bank', 'Capital One'] as const;

/** The top-up catalogue (days relative to the seed's now): running offers, an ended one, one not yet on sale, and Nauta ones. */
export const TOPUP_OFFERS = [
  { operator: 'CUBACEL', title: 'Recarga 500 CUP', subTitle: 'Saldo principal', finalPrice: 20.99, categories: ['Saldo'], from: -30, to: 60 },
  { operator: 'CUBACEL', title: 'Recarga 1000 CUP + 5 GB', subTitle: 'Saldo y datos', finalPrice: 35.5, categories: ['Saldo', 'Datos'], from: -30, to: 60 },
  { operator: 'CUBACEL', title: 'Paquete de datos 10 GB', subTitle: 'Válido 30 días', finalPrice: 25, categories: ['Datos'], from: -60, to: 90 },
  { operator: 'CUBACEL', title: 'Promoción Fin de Año', subTitle: 'Doble saldo', finalPrice: 40, categories: ['Promoción', 'Saldo'], from: -5, to: 30 },
  { operator: 'CUBACEL', title: 'Recarga Verano', subTitle: 'Terminada', finalPrice: 20, categories: ['Promoción'], from: -200, to: -100 },
  { operator: 'CUBACEL', title: 'Promoción Próxima', subTitle: 'Aún no a la venta', finalPrice: 30, categories: ['Promoción'], from: 10, to: 40 },
  { operator: 'NAUTA', title: 'Nauta 10 horas', subTitle: 'Internet Nauta', finalPrice: 10, categories: ['Nauta'], from: -30, to: 60 },
] as const;

/** The messaging provider's WhatsApp templates; one is malformed (it skips {{2}}), one is not approved. */
export const MESSAGE_TEMPLATES = [
  { name: 'bienvenida', category: 'MARKETING', status: 'APPROVED', body: 'Hola {{1}}, bienvenido. Ya puedes recargar a Cuba, enviar remesas y llamar desde tu cuenta.' },
  { name: 'recarga_entregada', category: 'UTILITY', status: 'APPROVED', body: 'Hola {{1}}, tu recarga de {{2}} al {{3}} fue entregada. Gracias por confiar en nosotros.' },
  { name: 'saldo_acreditado', category: 'UTILITY', status: 'APPROVED', body: 'Hola {{1}}, acreditamos {{2}} a tu saldo por {{3}}. Puedes usarlo en tu próxima compra.' },
  {
    name: 'remesa_en_camino',
    category: 'UTILITY',
    status: 'APPROVED',
    body: 'Hola {{1}}, la remesa de {{2}} para {{3}} en {{4}} salió a entrega. El mensajero {{5}} llamará al {{6}} antes de llegar. Si no hay nadie en casa, se intentará de nuevo el {{7}}.',
  },
  { name: 'aviso_incompleto', category: 'UTILITY', status: 'APPROVED', body: 'Hola {{1}}, tu pedido {{3}} está listo.' },
  { name: 'promocion_borrador', category: 'MARKETING', status: 'PENDING', body: 'Promoción de {{1}}: doble saldo hasta el {{2}}.' },
] as const;

import { Permission } from './permissions';
import { addDays, monthStart, parseDay, todayText } from './date-window';

/**
 * The customer's reports (spec details §2, §5 "Reports", §6 CRM7_DO_ACTION, §9): the customer
 * report (top-ups to a phone, Nauta top-ups to an address, calls, balance movements, or all of
 * them) built as CSV and sent by e-mail, and the defence (chargeback) report of the customer's
 * orders by service and gateway, or of one order's balance movements.
 */

export const REPORT_TYPES = [
  { code: 'ALL', label: 'Todos' },
  { code: 'TOPUP', label: 'Recargas' },
  { code: 'NAUTA', label: 'Nautas' },
  { code: 'CALLS', label: 'Llamadas' },
  { code: 'BALANCE', label: 'Movimientos de Saldo' },
] as const;
export type ReportType = (typeof REPORT_TYPES)[number]['code'];
export const REPORT_TYPE_CODES = REPORT_TYPES.map((t) => t.code);
export const reportTypeLabel = (code: string) => REPORT_TYPES.find((t) => t.code === code)?.label ?? code;

/** Which types need which destination (§5): a phone for top-ups or all, a Nauta address for Nauta or all. */
export const needsPhone = (type: string) => type === 'TOPUP' || type === 'ALL';
export const needsNauta = (type: string) => type === 'NAUTA' || type === 'ALL';

/** The longest window a report covers: a year and a day (the extended end). */
export const REPORT_MAX_DAYS = 367;
/** Defence reports are read 100 rows at a time (§9). */
export const DEFENCE_PAGE_SIZE = 100;

export const ReportMsg = {
  account: 'Debe indicar el cliente.',
  type: 'Debe indicar el tipo de reporte.',
  range: 'Debe especificar el rango de fecha.',
  validRange: 'Debe especificar un rango de fecha valida.',
  tooLong: 'El rango de fecha no puede superar un año.',
  phone: 'Debe especificar el telefono.',
  nauta: 'Debe especificar el email nauta.',
  email: 'El correo no es válido.',
  noEmail: 'El cliente no tiene correo: indique a dónde enviar el reporte.',
  orderCode: 'Debe especificar el OrderCode.',
  service: 'Debe indicar el servicio.',
  gateway: 'La pasarela debe ser un código de la lista.',
  orderNotTheirs: (code: string, accountId: number) => `La orden ${code} no es del cliente ${accountId}.`,
  refused: 'No se pudo generar el reporte.',
} as const;

/**
 * The defence report's services (§9): what each covers, by product type or by application. The
 * balance movement is the one order's movements (reports-saldo), asked by its order code.
 */
export const DEFENCE_SERVICES = [
  { code: 'ALL', label: 'Todos' },
  { code: 'CALLING', label: 'Llamadas', products: ['MINUTE', 'MINI_CALL'], apps: ['LLAMADAS', 'LLAMADAS_PLUS'] },
  { code: 'TRIPS', label: 'Viajes', apps: ['VIAJES'] },
  { code: 'SHIPMENTS', label: 'Envíos', apps: ['ENVIOS', 'SHIPPING'] },
  { code: 'MARKET', label: 'Market', apps: ['DELIVERY', 'MELOPARO'] },
  { code: 'BALANCE_MOVEMENT', label: 'Movimiento de saldo' },
  { code: 'NAUTA', label: 'Nauta', products: ['TOPUP_NAUTA'] },
  { code: 'TOPUP', label: 'Recarga (Cuba o internacional)', products: ['TOPUP'] },
  { code: 'BALANCE', label: 'Saldo', products: ['SALDO'] },
  { code: 'CAD_EUR', label: 'Saldo CAD o EUR', products: ['CAD_CREDIT', 'EUR_CREDIT'] },
  { code: 'PICKUP_CASH', label: 'Recogida de efectivo', products: ['PICKUP_CASH'] },
  { code: 'HOME_REMITTANCE', label: 'Remesa a domicilio (CUP, USD, EUR)', products: ['REMESA_A_DOMICILIO'] },
  { code: 'BANK_REMITTANCE', label: 'Remesa a banco', products: ['REMESA_BANCARIA'] },
  { code: 'GIFT_CARD', label: 'Tarjeta de regalo', products: ['GIFT_CARD'] },
] as const satisfies readonly { code: string; label: string; products?: readonly string[]; apps?: readonly string[] }[];
export type DefenceService = (typeof DEFENCE_SERVICES)[number]['code'];
export const DEFENCE_SERVICE_CODES = DEFENCE_SERVICES.map((s) => s.code);

/** The customer report's default window: the previous calendar month, in Toronto. */
export function previousMonth(now: number): { start: string; end: string } {
  const month = monthStart(todayText(now));
  return { start: monthStart(month, -1), end: addDays(month, -1) };
}

/** The defence report's default window: four months back to the end of last month, in Toronto. */
export function defenceWindow(now: number): { start: string; end: string } {
  const month = monthStart(todayText(now));
  return { start: monthStart(month, -4), end: addDays(month, -1) };
}

/** Whether text is a real calendar day (YYYY-MM-DD). */
export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && parseDay(text) === text;

/**
 * The end date as requests carry it: the day after the one chosen, so the chosen day is whole (§5).
 * What is not a day goes as it came, for the server's check to refuse in its own words.
 */
export function extendedEnd<T extends string | null | undefined>(end: T): T {
  return (typeof end === 'string' && isDay(end) ? addDays(end, 1) : end) as T;
}

/**
 * Who may read a defence (chargeback) report, the customer's and the gateway's: a read, so no
 * action row and no chart; CRM7_DO_ACTION as the server's routes ask (spec details §6). The one
 * rule both dialogs ask.
 */
export const DEFENCE_READERS: readonly string[] = [Permission.DO_ACTION];
export const mayReadDefence = (permissions: readonly string[]) => DEFENCE_READERS.every((p) => permissions.includes(p));

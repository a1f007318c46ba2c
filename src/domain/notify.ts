/** Notifying a customer (spec details §5 "Notify customer"). */

export const NOTIFY_CHANNELS = ['SMS', 'EMAIL', 'WHATSAPP'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** An SMS carries at most 164 characters. */
export const SMS_MAX = 164;
/** A WhatsApp template carries at most 14 variables; its preview shows 140 characters. */
export const WHATSAPP_MAX_VARIABLES = 14;
export const WHATSAPP_PREVIEW = 140;
/** The template list is read in one page of 500 (spec details §9). */
export const TEMPLATE_PAGE_SIZE = 500;

export const NotifyMsg = {
  channel: 'Debe indicar el canal.',
  sms: `Debe especificar un mensaje que no sobrepase la cantidad de ${SMS_MAX} caracteres para el envio del SMS.`,
  phone: 'Debe especificar el telefono.',
  email: 'Debe especificar el correo.',
  emailInvalid: 'El correo no es válido.',
  body: 'Debe especificar el mensaje.',
  tooLong: 'El mensaje no puede superar 4000 caracteres.',
  title: 'El asunto no puede superar 120 caracteres.',
  notTheirs: 'La dirección no es del cliente: solo se le escribe a sus números y a su correo.',
  refused: 'No se puede notificar al cliente.',
  template: 'Debe seleccionar una plantilla.',
  variables: 'Debe completar todas las variables de la plantilla.',
  variable: 'Cada variable admite hasta 200 caracteres.',
  malformed: 'No pudimos enviar el mensaje, consulte con desarrollo.',
  templatesFailed: 'Error buscando las mensajes programables',
} as const;

/**
 * The variables a WhatsApp template asks for ({{1}} … {{n}}), or null when it is malformed: a
 * placeholder that is not a number, numbers that skip one, more than 14, or braces left open.
 */
export function templateVariables(body: string): number | null {
  const placeholders = [...body.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => m[1]!.trim());
  const rest = body.replace(/\{\{[^{}]*\}\}/g, '');
  if (rest.includes('{{') || rest.includes('}}')) return null;
  if (placeholders.some((p) => !/^[1-9]\d*$/.test(p))) return null;
  const numbers = [...new Set(placeholders.map(Number))].sort((a, b) => a - b);
  if (numbers.some((n, i) => n !== i + 1) || numbers.length > WHATSAPP_MAX_VARIABLES) return null;
  return numbers.length;
}

/** The template with its variables in place. */
export const renderTemplate = (body: string, variables: readonly string[]) => body.replace(/\{\{\s*(\d+)\s*\}\}/g, (_m, n: string) => variables[Number(n) - 1] ?? '');

/** The preview of a message: its first 140 characters, '…' when cut. */
export const previewOf = (message: string) => (message.length > WHATSAPP_PREVIEW ? `${message.slice(0, WHATSAPP_PREVIEW - 1)}…` : message);

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
  /** Only a WhatsApp carries a template (docs/decisions.md, issue 27): said in the words of the channel asked for. */
  noTemplate: (channel: 'SMS' | 'EMAIL') => `${channel === 'SMS' ? 'Un SMS' : 'Un correo'} no lleva plantilla: escriba el mensaje.`,
  variables: 'Debe completar todas las variables de la plantilla.',
  variable: 'Cada variable admite hasta 200 caracteres.',
  malformed: 'No pudimos enviar el mensaje, consulte con desarrollo.',
  templatesFailed: 'Error buscando las mensajes programables',
} as const;

/** The customer's own numbers (digits, no '+') and e-mail (lower case): where a message may go. */
export interface OwnAddresses {
  numbers: readonly string[];
  email: string | null;
}

/** An address as a channel stores it: a number's digits (no spaces, dashes, dots, brackets or '+'), an e-mail in lower case. */
export const channelAddress = (channel: { type: string; address: string }) => (channel.type === 'EMAIL' ? channel.address.toLowerCase() : channel.address.replace(/[\s\-.()+]/g, ''));

/** Whether every channel asked goes to the customer's own number or e-mail (the notify chart's guard: `NotifyMsg.notTheirs`). */
export function toTheirOwn(own: OwnAddresses, channels: readonly { type: string; address: string }[]): boolean {
  return channels.every((channel) => {
    const address = channelAddress(channel);
    return channel.type === 'EMAIL' ? own.email !== null && own.email.toLowerCase() === address : own.numbers.includes(address);
  });
}

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

/** A request as it arrives, before the contract reads it. */
type RawNotify = { channel?: unknown; content?: unknown };
const channelsOf = (raw: RawNotify): unknown[] => (Array.isArray(raw.channel) ? raw.channel.map((c: unknown) => (typeof c === 'object' && c !== null ? (c as { type?: unknown }).type : undefined)) : []);
const emptyContent = (content: unknown) => content === undefined || content === null || content === '';

/**
 * The content of a request (a template and its variables) means something to WhatsApp only. On
 * another channel an empty one ('' or null) is no content at all, so the channel's own rules
 * answer (an SMS without text hears the SMS rule, not the template's); a template sent on an SMS or
 * an e-mail is refused in that channel's words. Answers the request to read, or the refusal.
 */
export function contentForChannel(raw: unknown): { ok: true; raw: unknown } | { ok: false; message: string } {
  if (typeof raw !== 'object' || raw === null) return { ok: true, raw };
  const request = raw as RawNotify;
  const channels = channelsOf(request);
  if (channels.includes('WHATSAPP')) return { ok: true, raw };
  if (emptyContent(request.content)) return { ok: true, raw: { ...request, content: null } };
  const other = channels.find((c): c is 'SMS' | 'EMAIL' => c === 'SMS' || c === 'EMAIL');
  return other ? { ok: false, message: NotifyMsg.noTemplate(other) } : { ok: true, raw };
}

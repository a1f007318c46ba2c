/** Notifying a customer (spec details §5 "Notify customer"). */

export const NOTIFY_CHANNELS = ['SMS', 'EMAIL'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** An SMS carries at most 164 characters. */
export const SMS_MAX = 164;

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
} as const;

/** A customer's account (spec details §4 "Account"): enabled or not, its reliability ("honestidad"), its sessions. */

export const ACCOUNT_STATUSES = ['enabled', 'disabled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const AccountMsg = {
  account: 'Debe indicar el cliente.',
  reliability: 'Debe indicar una honestidad de la lista.',
  sameReliability: 'Debe especificar una honestidad diferente a la actual.',
  enabled: 'La cuenta ya está habilitada.',
  disabled: 'La cuenta ya está deshabilitada.',
  refused: 'No se puede modificar la cuenta.',
  concurrent: 'Otra persona modificó la cuenta al mismo tiempo. Vuelva a cargarla.',
  enable: 'Debe indicar si la cuenta queda habilitada (true o false).',
  unchanged: 'La cuenta ya tiene esa honestidad y ese estado: no hay nada que modificar.',
  email: 'Debe especificar el correo.',
  emailInvalid: 'El correo no es válido.',
  emailTaken: (email: string) => `El correo ${email} ya pertenece a otro cliente.`,
  name: 'El nombre y el apellido no pueden superar 80 caracteres.',
  place: 'La ciudad y la región no pueden superar 80 caracteres.',
  country: 'Debe indicar un país de la lista (código de 2 letras).',
  gender: 'El género debe ser MALE o FEMALE.',
  birthday: 'La fecha de nacimiento debe ser una fecha válida (AAAA-MM-DD) en el pasado.',
  noInfoChange: 'Los datos del cliente ya son esos: no hay nada que modificar.',
} as const;

export const GENDERS = ['MALE', 'FEMALE'] as const;

/** The customer's data 'Editar datos' edits, as it is stored (null where there is none). */
export interface CustomerInfo {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  countryCode: string | null;
  city: string | null;
  region: string | null;
  gender: string | null;
  birthday: string | null;
}

export const INFO_KEYS = ['firstName', 'lastName', 'email', 'countryCode', 'city', 'region', 'gender', 'birthday'] as const satisfies readonly (keyof CustomerInfo)[];

/** What an edit of the customer's data changes (none: 'no hay nada que modificar', the account chart's guard). */
export const infoChanges = (current: CustomerInfo, next: CustomerInfo): (keyof CustomerInfo)[] => INFO_KEYS.filter((key) => next[key] !== current[key]);

/** Whether a text is a real calendar date (YYYY-MM-DD) not after `today` (YYYY-MM-DD). */
export function isBirthday(text: string, today: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900 && text <= today;
}

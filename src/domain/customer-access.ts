/** A customer's way in (spec details §7 "Sign-in"): password, passwordless PIN, sign-in attempts. */

export const AccessMsg = {
  account: 'Debe indicar el cliente.',
  notify: 'Debe indicar si se notifica al cliente (true o false).',
  noAttempts: 'El cliente no tiene intentos de inicio de sesión que restablecer.',
  noPin: 'El cliente no tiene un pin de inicio de sesión sin contraseña que restablecer.',
  noEmail: 'El cliente no tiene correo: no se le puede notificar el cambio de contraseña.',
} as const;

/** The customer site's impersonation page for one account (spec details §2): opened in a new tab. */
export function impersonationUrl(siteUrl: string, accountId: number): string | null {
  return siteUrl ? `${siteUrl.replace(/\/+$/, '')}/impersonate?accountId=${accountId}` : null;
}

/** KYC statuses (spec details §4); declined is shown as rejected, and so is anything unknown. */
export const KYC_STATUSES = ['approved', 'rejected', 'declined', 'pending', 'expired', 'abandoned', 'cancelled', 'error'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

const KYC_LABELS: Record<string, string> = {
  approved: 'Aprobada',
  rejected: 'Rechazada',
  declined: 'Rechazada',
  pending: 'Pendiente',
  expired: 'Expirada',
  abandoned: 'Abandonada',
  cancelled: 'Cancelada',
  error: 'Error',
};

export function kycStatusLabel(status: string): string {
  return KYC_LABELS[status] ?? status;
}

/**
 * The identity-verification service answers in English; these messages are shown in Spanish
 * (spec lists §8). Anything else is shown unchanged.
 */
const KYC_MESSAGES: readonly [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^no kyc decision found for partner(?: reference)?\s*(\S+)?\.?$/i, (m) => `No se encontró ninguna decisión KYC para el cliente${m[1] ? ` ${m[1]}` : ''}.`],
  [
    /^reference\s+(\S+)\s+does not match any contact for company\s+(\S+?)\.?$/i,
    (m) => `La referencia ${m[1]} no coincide con ningún contacto de la compañía ${m[2]}.`,
  ],
  [/^verification (?:is )?pending\.?$/i, () => 'La verificación está pendiente.'],
  [/^verification (?:has )?expired\.?$/i, () => 'La verificación expiró.'],
  [/^verification (?:is )?completed\.?$/i, () => 'La verificación está completada.'],
  [/^verification (?:was )?declined\.?$/i, () => 'La verificación fue rechazada.'],
  [/^verification (?:was )?abandoned\.?$/i, () => 'La verificación fue abandonada.'],
];

export function translateKycMessage(message: string): string {
  for (const [pattern, render] of KYC_MESSAGES) {
    const match = message.trim().match(pattern);
    if (match) return render(match);
  }
  return message;
}

/** URLs are cut to 50 characters in tables. */
export function truncateUrl(url: string | null | undefined, max = 50): string {
  if (!url) return '';
  return url.length > max ? `${url.slice(0, max)}…` : url;
}

import { documentTypeLabel } from './documents';

/** KYC statuses (spec details §4); declined is shown as rejected. */
export const KYC_STATUSES = ['approved', 'rejected', 'declined', 'pending', 'expired', 'abandoned', 'cancelled', 'error'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The statuses a filter offers: declined is not offered on its own, it is shown (and found) as rejected. */
export const KYC_FILTER_STATUSES = KYC_STATUSES.filter((s) => s !== 'declined');

/** KYC page size of every KYC table (spec lists §9). */
export const KYC_PAGE_SIZE = 10;

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

/** The Spanish label of a status; an unknown status is shown as it came. */
export function kycStatusLabel(status: string): string {
  return KYC_LABELS[status] ?? status;
}

/** The stored statuses a status filter finds: rejected also finds declined, since both read "Rechazada". */
export function kycStatusesMatching(status: KycStatus): KycStatus[] {
  return status === 'rejected' ? ['rejected', 'declined'] : [status];
}

/** "Pasaporte (CU)": the document's type and country, whichever the decision has. */
export function documentCaption(decision: { verification?: { document?: { type?: string | null; country?: string | null } } } | null | undefined): string {
  const document = decision?.verification?.document;
  const type = documentTypeLabel(document?.type);
  const country = document?.country ?? '';
  return type && country ? `${type} (${country})` : type || country;
}

/**
 * The identity-verification service answers in English; these messages are shown in Spanish
 * (spec lists §8). Anything else is shown unchanged.
 */
const KYC_MESSAGES: readonly [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^no kyc decision found for partner(?: reference)?\s*(\S+?)?\.?$/i, (m) => `No se encontró ninguna decisión KYC para el cliente${m[1] ? ` ${m[1]}` : ''}.`],
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

/** A customer's identity as their verification chart reads it: verified once the company's latest decision approved them. */
export const CUSTOMER_KYC_STATES = ['unverified', 'verified'] as const;

export const KycLinkMsg = {
  account: 'Debe indicar el cliente.',
  company: 'La compañía debe ser un número.',
  approved: 'El cliente ya está verificado: no necesita otro enlace de verificación.',
} as const;

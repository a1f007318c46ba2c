import { describe, expect, it } from 'vitest';
import { documentTypeLabel } from '@/domain/documents';
import { KYC_FILTER_STATUSES, kycStatusesMatching, kycStatusLabel, translateKycMessage, truncateUrl } from '@/domain/kyc';

describe('KYC status labels (spec: declined is shown as rejected)', () => {
  it.each([
    ['approved', 'Aprobada'],
    ['rejected', 'Rechazada'],
    ['declined', 'Rechazada'],
    ['pending', 'Pendiente'],
    ['expired', 'Expirada'],
    ['abandoned', 'Abandonada'],
    ['cancelled', 'Cancelada'],
    ['error', 'Error'],
    ['resubmission_requested', 'resubmission_requested'],
  ])('%s → %s', (status, label) => {
    expect(kycStatusLabel(status)).toBe(label);
  });

  it('the filter offers every status but declined, which rejected finds', () => {
    expect(KYC_FILTER_STATUSES).not.toContain('declined');
    expect(KYC_FILTER_STATUSES).toContain('rejected');
    expect(kycStatusesMatching('rejected')).toEqual(['rejected', 'declined']);
    expect(kycStatusesMatching('declined')).toEqual(['declined']);
    expect(kycStatusesMatching('approved')).toEqual(['approved']);
  });
});

describe('KYC messages are shown in Spanish (spec lists §8)', () => {
  it.each([
    ['Reference 123 does not match any contact for company 4', 'La referencia 123 no coincide con ningún contacto de la compañía 4.'],
    ['Reference abc does not match any contact for company 4.', 'La referencia abc no coincide con ningún contacto de la compañía 4.'],
    ['No KYC decision found for partner 77', 'No se encontró ninguna decisión KYC para el cliente 77.'],
    ['No KYC decision found for partner 77.', 'No se encontró ninguna decisión KYC para el cliente 77.'],
    ['No kyc decision found for partner', 'No se encontró ninguna decisión KYC para el cliente.'],
    ['Verification pending', 'La verificación está pendiente.'],
    ['Verification is pending.', 'La verificación está pendiente.'],
    ['Verification expired', 'La verificación expiró.'],
    ['Verification has expired', 'La verificación expiró.'],
    ['Verification completed', 'La verificación está completada.'],
    ['Verification declined', 'La verificación fue rechazada.'],
    ['Verification was abandoned', 'La verificación fue abandonada.'],
    ['  Verification pending  ', 'La verificación está pendiente.'],
  ])('%s', (english, spanish) => {
    expect(translateKycMessage(english)).toBe(spanish);
  });

  it.each(['Token de Autenticacion Invalida', 'Something else happened', 'Fecha inválida: use el formato AAAA-MM-DD.'])(
    'anything else is shown unchanged: %s',
    (message) => {
      expect(translateKycMessage(message)).toBe(message);
    },
  );
});

describe('URLs are cut to 50 characters in tables', () => {
  const long = `https://verificacion.example/kyc/${'a'.repeat(40)}`;
  it.each([
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['https://x.example/short', 'https://x.example/short'],
    ['h'.repeat(50), 'h'.repeat(50)],
    ['h'.repeat(51), `${'h'.repeat(50)}…`],
    [long, `${long.slice(0, 50)}…`],
  ])('%s', (url, shown) => {
    expect(truncateUrl(url)).toBe(shown);
  });
});

describe('document types (spec lists §5)', () => {
  it.each([
    ['IDENTITY_DOCUMENT', 'Documento de identidad'],
    ['PASSPORT', 'Pasaporte'],
    ['DRIVING_LICENSE', 'Licencia de conducir'],
    ['RESIDENCE_PERMIT', 'RESIDENCE_PERMIT'],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (type, label) => {
    expect(documentTypeLabel(type)).toBe(label);
  });
});

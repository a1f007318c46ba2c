import { describe, expect, it } from 'vitest';
import { DOCUMENT_SHOWN_STATUSES, documentStatusLabel } from '@/domain/documents';

describe('document status labels (spec lists §4, details §4)', () => {
  it.each([
    ['PENDING', 'Pendiente'],
    ['APPROVED', 'Aprovado'],
    ['REJECTED', 'Rechazada'],
    ['completed', 'Completado'],
    ['declined', 'Declinado'],
    ['expired', 'Expirado'],
    ['error', 'Error'],
    ['abandoned', 'Abandonado'],
    ['warning', 'No iniciado'],
  ])('%s → %s', (status, label) => {
    expect(documentStatusLabel(status)).toBe(label);
  });

  it('every status the spec lists has a Spanish label; one it does not list is shown as it came', () => {
    expect(DOCUMENT_SHOWN_STATUSES).toHaveLength(9);
    for (const status of DOCUMENT_SHOWN_STATUSES) expect(documentStatusLabel(status)).not.toBe(status);
    expect(documentStatusLabel('resubmission_requested')).toBe('resubmission_requested');
  });
});

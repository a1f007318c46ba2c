import { describe, expect, it } from 'vitest';
import { LIFECYCLES } from '../../server/lifecycles';
import { LIFECYCLE_CATALOGUE, chartLabel, eventLabel } from '@/machines/catalogue';
import { auditText } from '@/i18n/es-audit';

/** The names QA reads in Auditoría de Transiciones (issue 40 §7): every chart the server serves, in Spanish. */
describe('the audit catalogue', () => {
  it('holds the charts the server serves, each with its Spanish name', () => {
    const served = LIFECYCLES.map((b) => b.lifecycle.name).sort();
    expect(LIFECYCLE_CATALOGUE.map((l) => l.name).sort()).toEqual(served);
    expect(Object.keys(auditText.charts).sort()).toEqual(served);
    expect(chartLabel('bankRemittanceItem')).toBe('Remesa bancaria');
    expect(chartLabel('gone')).toBe('gone');
  });

  it("names an event by its row's label, as Supervisión does, and by its code when no row has it", () => {
    expect(eventLabel('phone', 'phone.resetAttempts')).toBe(LIFECYCLE_CATALOGUE.find((l) => l.name === 'phone')!.rows.find((r) => r.event === 'phone.resetAttempts')!.label);
    expect(eventLabel('phone', 'phone.resetAttempts')).not.toBe('phone.resetAttempts');
    expect(eventLabel('phone', 'phone.gone')).toBe('phone.gone');
    expect(eventLabel('gone', 'phone.resetAttempts')).toBe('phone.resetAttempts');
  });
});

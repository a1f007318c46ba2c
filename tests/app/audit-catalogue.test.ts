import { describe, expect, it } from 'vitest';
import { LIFECYCLES } from '../../server/lifecycles';
import { actionLabels } from '@/machines/lifecycle/labels';
import { auditText, chartLabel } from '@/i18n/es-audit';

/**
 * The names QA reads in Auditoría de Transiciones (issue 40 §7): every chart the server serves, in
 * Spanish (the page names charts from its texts); events by their rows' labels, which the server
 * sends with each transition and each arrow of a chart (the page ships no chart).
 */
describe('the audit catalogue', () => {
  it('names every chart the server serves in Spanish', () => {
    const served = LIFECYCLES.map((b) => b.lifecycle.name).sort();
    expect(Object.keys(auditText.charts).sort()).toEqual(served);
    expect(chartLabel('bankRemittanceItem')).toBe('Remesa bancaria');
    expect(chartLabel('gone')).toBe('gone');
  });

  it("names an event by its row's label, as Supervisión does, and by its code when no row has it", () => {
    const eventLabel = actionLabels(LIFECYCLES.map((b) => b.lifecycle));
    const phone = LIFECYCLES.find((b) => b.lifecycle.name === 'phone')!.lifecycle;
    expect(eventLabel('phone', 'phone.resetAttempts')).toBe(phone.rows.find((r) => r.event === 'phone.resetAttempts')!.label);
    expect(eventLabel('phone', 'phone.resetAttempts')).not.toBe('phone.resetAttempts');
    expect(eventLabel('phone', 'phone.gone')).toBe('phone.gone');
    expect(eventLabel('gone', 'phone.resetAttempts')).toBe('phone.resetAttempts');
  });
});

import { describe, expect, it } from 'vitest';
import { CREDIT_TYPE_FILTER, CREDIT_TYPES, creditTypeLabel } from '@/domain/credit';

describe('credit types as a person reads them (lists §9)', () => {
  it('the filter offers lists §9’s values in its order, SMS aside (no stored type carries it)', () => {
    expect(CREDIT_TYPE_FILTER.map(creditTypeLabel)).toEqual(['USD', 'Mini llamadas', 'Mini plus', 'Min estándar', 'EUR', 'CAD', 'CUP', 'Min estándar (vence)', 'Min plus (vence)']);
    expect(CREDIT_TYPE_FILTER.every((type) => (CREDIT_TYPES as readonly string[]).includes(type))).toBe(true);
  });

  it('every stored type has its own label; one the console does not know shows as it came', () => {
    const labels = CREDIT_TYPES.map(creditTypeLabel);
    expect(new Set(labels).size).toBe(CREDIT_TYPES.length);
    expect(labels.some((label, i) => label === CREDIT_TYPES[i])).toBe(false);
    expect(creditTypeLabel('SMS_CREDIT')).toBe('SMS_CREDIT');
  });
});

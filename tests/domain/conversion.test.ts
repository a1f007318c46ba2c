import { describe, expect, it } from 'vitest';
import { conversionRate, convertAmount } from '@/domain/conversion';

const RATES = [
  { base: 'USD', currency: 'CUP', rate: 120, fee: 0.05 },
  { base: 'USD', currency: 'EUR', rate: 0.92, fee: 0.02 },
  { base: 'USD', currency: 'CAD', rate: 1.36, fee: 0.02 },
];

describe('currency conversion', () => {
  it('uses the pair, less its fee, rounded down to the cent', () => {
    expect(convertAmount(10, 'USD', 'CUP', RATES)).toBe(1140);
    expect(convertAmount(10, 'USD', 'EUR', RATES)).toBe(9.01);
  });

  it('uses the inverse of a pair when only the other way is quoted', () => {
    expect(convertAmount(120, 'CUP', 'USD', RATES)).toBe(0.95);
  });

  it('goes through USD when neither way is quoted, with both fees', () => {
    expect(conversionRate('EUR', 'CAD', RATES)).toBeCloseTo((1 / 0.92) * 0.98 * 1.36 * 0.98, 10);
    expect(convertAmount(100, 'EUR', 'CAD', RATES)).toBe(141.97);
  });

  it('has no rate for a currency nobody quotes', () => {
    expect(convertAmount(10, 'USD', 'MXN', RATES)).toBeNull();
    expect(convertAmount(10, 'MXN', 'EUR', RATES)).toBeNull();
  });
});

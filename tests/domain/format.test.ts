import { describe, expect, it } from 'vitest';
import {
  cardCaption,
  formatCredit,
  formatScore,
  formatSessionTime,
  maskCard,
  maskToken,
  normalizeProvince,
  orderScoreTone,
  roundUp2,
  ordersPagerTotal,
  formatNumber,
  formatCount,
} from '@/domain/format';
import { dayjs, DATE_TIME_SECONDS_FORMAT, formatDateTime } from '@/domain/time';
import { DISPLAY_TIME_ZONE, NEW_YEAR_UTC_OFFSET_MINUTES } from '@/domain/time-zone';
import { currentYear } from '@/domain/year';
import { orderStatusLabel } from '@/domain/order-status';
import { reliabilityLabel } from '@/domain/reliability';
import { refreshAt } from '@/domain/session';
import { LANGUAGES } from '@/domain/languages';

describe('display rules (spec lists §5)', () => {
  it.each([
    ['4111111111111111', '411111******1111'],
    ['5500 0000 0000 0004', '550000******0004'],
    ['1234567890', '1234567890'],
    ['', ''],
  ])('card %s is masked to first 6 and last 4 as %s', (input, expected) => {
    expect(maskCard(input)).toBe(expected);
  });

  it('joins first six and last four', () => {
    expect(cardCaption('411111', '1111')).toBe('411111******1111');
  });

  it.each([
    ['abcdefghi', '***defghi'],
    ['abcd', '*bcd'],
    ['ab', 'ab'],
  ])('token %s hides its first third: %s', (input, expected) => {
    expect(maskToken(input)).toBe(expected);
  });

  it.each([
    [0, '0:00:00'],
    [59, '0:00:59'],
    [61, '0:01:01'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [90061, '25:01:01'],
  ])('session time %i s is %s', (seconds, expected) => {
    expect(formatSessionTime(seconds)).toBe(expected);
  });

  it.each([
    [1.231, 1.24],
    [1.2, 1.2],
    [0.1 + 0.2, 0.3],
    [-1.239, -1.23],
    [10, 10],
  ])('credit %d rounds up to %d', (amount, expected) => {
    expect(roundUp2(amount)).toBeCloseTo(expected, 10);
  });

  it('formats credit with two decimals', () => {
    expect(formatCredit(1.231)).toBe('1,24');
    expect(formatCredit(null)).toBe('');
  });

  it('removes diacritics from province names', () => {
    expect(normalizeProvince('Camagüey')).toBe('Camaguey');
    expect(normalizeProvince('Holguín')).toBe('Holguin');
  });

  it.each([
    [0.51, 'danger'],
    [0.5, 'warning'],
    [0.001, 'warning'],
    [0, 'success'],
    [null, 'success'],
  ] as const)('score %s is %s', (score, tone) => {
    expect(orderScoreTone(score)).toBe(tone);
  });

  it('shows scores to 3 decimals, in the one number format of the console (es-ES)', () => {
    expect(formatScore(0.5)).toBe('0,500');
    expect(formatScore(0.12345)).toBe('0,123');
  });
});

describe('dates in America/Toronto', () => {
  it('formats as DD/MM/YYYY HH:mm in Toronto time, daylight saving included', () => {
    expect(formatDateTime('2026-07-01T12:00:00Z')).toBe('01/07/2026 08:00');
    expect(formatDateTime('2026-12-01T12:00:00Z')).toBe('01/12/2026 07:00');
    expect(formatDateTime('2026-01-01T03:00:00Z')).toBe('31/12/2025 22:00');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('computes the footer year in Toronto', () => {
    expect(currentYear(Date.UTC(2027, 0, 1, 3, 0, 0))).toBe(2026);
    expect(currentYear(Date.UTC(2027, 0, 1, 6, 0, 0))).toBe(2027);
  });

  it("the year needs no Intl: the zone's offset at every turn of the year 2000–2050 is the one year.ts adds", () => {
    for (let year = 2000; year <= 2050; year++) {
      const midnight = Date.UTC(year, 0, 1) - NEW_YEAR_UTC_OFFSET_MINUTES * 60_000;
      const intlYear = (at: number) => Number(new Intl.DateTimeFormat('en', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric' }).format(at));
      expect(intlYear(midnight)).toBe(year);
      expect(intlYear(midnight - 1)).toBe(year - 1);
      expect(currentYear(midnight)).toBe(year);
      expect(currentYear(midnight - 1)).toBe(year - 1);
    }
  });

  it('writes every instant as dayjs’s own time-zone conversion does: both sides of each summer-time change, seconds, epochs and Date objects', () => {
    const instants: (string | number | Date)[] = [];
    for (const [from, to] of [
      [Date.UTC(2026, 2, 8, 5), Date.UTC(2026, 2, 8, 9)],
      [Date.UTC(2026, 10, 1, 4), Date.UTC(2026, 10, 1, 8)],
      [Date.UTC(1999, 11, 31, 20), Date.UTC(2000, 0, 1, 8)],
    ] as const) {
      for (let at = from; at <= to; at += 7 * 60_000 + 13_000) instants.push(at);
    }
    instants.push('2026-07-01T12:00:00.999Z', '2026-03-08T06:59:59Z', '2026-03-08T07:00:00Z', new Date(Date.UTC(2026, 10, 1, 5, 30)));
    for (const at of instants) {
      expect(formatDateTime(at, DATE_TIME_SECONDS_FORMAT), String(at)).toBe(dayjs(at).tz(DISPLAY_TIME_ZONE).format(DATE_TIME_SECONDS_FORMAT));
      expect(formatDateTime(at, 'YYYY-MM-DD HH:mm Z'), String(at)).toBe(dayjs(at).tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD HH:mm Z'));
    }
    // Before 1970 with milliseconds dayjs's own conversion writes a fractional offset ("-05:0.0166…"); ours is whole minutes.
    expect(formatDateTime(-86_400_000 + 1, 'YYYY-MM-DD HH:mm:ss Z')).toBe('1969-12-30 19:00:00 -05:00');
  });
});

describe('labels', () => {
  it('shows ERROR_PRE_AUTHORIZE as DECLINED and the rest as they are', () => {
    expect(orderStatusLabel('ERROR_PRE_AUTHORIZE')).toBe('DECLINED');
    expect(orderStatusLabel('RISK')).toBe('RISK');
  });

  it.each([
    [-10, 'Fraude'],
    [-5, 'Sospecha Fraude'],
    [0, 'Nuevo'],
    [5, 'Estable'],
    [10, 'Confianza'],
    [15, 'Super confianza'],
    [20, 'Revendedor'],
    [25, 'RevendedorStore'],
    [7, '7'],
  ])('reliability %i is %s', (value, label) => {
    expect(reliabilityLabel(value)).toBe(label);
  });

  it('offers 26 languages, only Spanish translated', () => {
    expect(LANGUAGES).toHaveLength(26);
    expect(new Set(LANGUAGES.map((l) => l.code)).size).toBe(26);
    expect(LANGUAGES.filter((l) => l.translated).map((l) => l.code)).toEqual(['es']);
  });
});

describe('session timing (spec §9)', () => {
  it('refreshes at expires_in − 600 s, then at expires_in − 300 s', () => {
    expect(refreshAt(0, 3600, false)).toBe(3000_000);
    expect(refreshAt(0, 3600, true)).toBe(3300_000);
  });

  it('a token shorter than the margin is refreshed at half its life', () => {
    expect(refreshAt(1000, 400, false)).toBe(1000 + 200_000);
  });
});

describe('the orders pager total', () => {
  it('is reduced by one unless (total − 1) is a multiple of 15', () => {
    expect(ordersPagerTotal(16)).toBe(16);
    expect(ordersPagerTotal(31)).toBe(31);
    expect(ordersPagerTotal(17)).toBe(16);
    expect(ordersPagerTotal(15)).toBe(14);
    expect(ordersPagerTotal(1)).toBe(1);
    expect(ordersPagerTotal(0)).toBe(0);
  });

  it('never changes the number of pages', () => {
    for (let total = 0; total < 500; total++) {
      expect(Math.ceil(ordersPagerTotal(total) / 15)).toBe(Math.ceil(total / 15));
    }
  });
});

describe('numbers as Intl writes them in es-ES, without Intl', () => {
  const intl = (min: number, max: number) => new Intl.NumberFormat('es-ES', { minimumFractionDigits: min, maximumFractionDigits: max });
  /** Values of every size and sign, the ties that round, the edges of the grouping and of toFixed. */
  function values(): number[] {
    const out = [0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, -0.125, 1.005, 2.675, 9999, 10000, -10000, 12345.5, 99999.995, 999999.995, 1234567.891, 0.925, 0.0001, -0.001, 1e20, 1e21, -1e21, 123456789012345680000, Number.NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE];
    let seed = 20261127;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 4000; i++) {
      const magnitude = 10 ** Math.floor(random() * 12 - 3);
      const value = (random() - 0.3) * magnitude;
      out.push(value, Math.round(value * 1000) / 1000, Math.round(value * 100) / 100 + 0.005);
    }
    return out;
  }

  it('formatNumber with 0 to 4 decimals writes what Intl writes, for every value', () => {
    const wrong: string[] = [];
    for (const decimals of [0, 1, 2, 3, 4]) {
      const format = intl(decimals, decimals);
      for (const value of values()) if (formatNumber(value, decimals) !== format.format(value)) wrong.push(`${value} (${decimals}): ${formatNumber(value, decimals)} ≠ ${format.format(value)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('formatCount with up to 0 to 4 decimals writes what Intl writes, for every value', () => {
    const wrong: string[] = [];
    for (const max of [0, 1, 2, 3, 4]) {
      const format = intl(0, max);
      for (const value of values()) if (formatCount(value, max) !== format.format(value)) wrong.push(`${value} (≤${max}): ${formatCount(value, max)} ≠ ${format.format(value)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the examples the functions promise', () => {
    expect(formatNumber(1234.5)).toBe('1234,50');
    expect(formatNumber(12345.5)).toBe('12.345,50');
    expect(formatCount(12000)).toBe('12.000');
    expect(formatCount(0.925, 3)).toBe('0,925');
    expect(formatCount(-1234567.5, 1)).toBe('-1.234.567,5');
  });
});

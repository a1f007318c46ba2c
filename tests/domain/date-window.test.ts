import { describe, expect, it } from 'vitest';
import { addDays, DAY_FORMAT, daysBetween, defaultWindow, monthStart, normalizeWindow, parseDay, windowBounds } from '@/domain/date-window';
import { dayjs } from '@/domain/time';
import { DISPLAY_TIME_ZONE } from '@/domain/time-zone';

// 22 Nov 2026, 15:00 UTC = 10:00 in Toronto.
const NOW = Date.UTC(2026, 10, 22, 15, 0, 0);
// 23 Nov 2026, 03:00 UTC = 22:00 on the 22nd in Toronto: "today" is still the 22nd there.
const LATE = Date.UTC(2026, 10, 23, 3, 0, 0);

describe('date filters (spec lists §5)', () => {
  it.each([
    ['both valid', { startDate: '2026-11-01', endDate: '2026-11-10' }, 'default', { startDate: '2026-11-01', endDate: '2026-11-10' }],
    ['invalid start → 60 days back', { startDate: 'nope', endDate: '2026-11-30' }, 'default', { startDate: '2026-09-23', endDate: '2026-11-30' }],
    ['invalid start of calls → 50 days back', { startDate: '', endDate: '2026-11-30' }, 'calls', { startDate: '2026-10-03', endDate: '2026-11-30' }],
    ['invalid end → tomorrow', { startDate: '2026-11-01', endDate: '31/11/2026' }, 'default', { startDate: '2026-11-01', endDate: '2026-11-23' }],
    ['nothing given → 60 days back to tomorrow', {}, 'default', { startDate: '2026-09-23', endDate: '2026-11-23' }],
    ['end before start → start 60 days before the end', { startDate: '2026-11-20', endDate: '2026-11-10' }, 'default', { startDate: '2026-09-11', endDate: '2026-11-10' }],
    ['end before start, calls → 50 days before', { startDate: '2026-11-20', endDate: '2026-11-10' }, 'calls', { startDate: '2026-09-21', endDate: '2026-11-10' }],
    ['a user or order id drops the start', { startDate: '2026-11-01', endDate: '2026-11-10', hasId: true }, 'default', { startDate: null, endDate: '2026-11-10' }],
    ['same day is a one-day window', { startDate: '2026-11-10', endDate: '2026-11-10' }, 'default', { startDate: '2026-11-10', endDate: '2026-11-10' }],
  ] as const)('%s', (_name, input, kind, expected) => {
    expect(normalizeWindow(input, kind, NOW)).toEqual(expected);
  });

  it('“today” is Toronto’s day, not UTC’s', () => {
    expect(normalizeWindow({}, 'default', LATE).endDate).toBe('2026-11-23');
  });

  it('the default window is 60 days back to tomorrow; a reset of calls goes 90 days back', () => {
    expect(defaultWindow('default', NOW)).toEqual({ startDate: '2026-09-23', endDate: '2026-11-23' });
    expect(defaultWindow('default', NOW)).toEqual(normalizeWindow({}, 'default', NOW));
    expect(defaultWindow('calls', NOW)).toEqual({ startDate: '2026-09-23', endDate: '2026-11-23' });
    expect(defaultWindow('calls', NOW, true)).toEqual({ startDate: '2026-08-24', endDate: '2026-11-23' });
  });

  it('parses only real calendar days', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('22/11/2026')).toBeNull();
    expect(parseDay(undefined)).toBeNull();
  });

  it('turns a window into UTC bounds with the end day included whole', () => {
    expect(windowBounds({ startDate: '2026-11-01', endDate: '2026-11-10' })).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      until: '2026-11-11T05:00:00.000Z',
    });
    expect(windowBounds({ startDate: null, endDate: '2026-07-01' }).from).toBeNull();
  });

  it('moves calendar days across months, years and a leap day', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-23', -60)).toBe('2026-09-24');
  });

  it('finds a month’s first day months away, across years; counts days across a change of the clock', () => {
    expect(monthStart('2026-11-27')).toBe('2026-11-01');
    expect(monthStart('2026-01-31', -1)).toBe('2025-12-01');
    expect(monthStart('2026-02-15', -4)).toBe('2025-10-01');
    expect(monthStart('2026-12-05', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysBetween('2026-01-01', '2027-01-02')).toBe(366);
    expect(daysBetween('2026-02-01', '2026-01-31')).toBe(-1);
    for (let day = '2026-10-15'; day < '2026-11-15'; day = addDays(day, 1)) {
      expect(daysBetween(day, addDays(day, 367))).toBe(dayjs(addDays(day, 367)).diff(dayjs(day), 'day'));
    }
  });

  it('knows Toronto’s day as dayjs’ time zone does, around midnight and both changes of the clock', () => {
    const starts = [Date.UTC(2026, 2, 7), Date.UTC(2026, 9, 31), Date.UTC(2026, 11, 30), Date.UTC(2027, 2, 13)];
    for (const start of starts) {
      for (let at = start; at < start + 3 * 86_400_000; at += 17 * 60_000) {
        const there = dayjs(at).tz(DISPLAY_TIME_ZONE);
        expect(defaultWindow('calls', at, true), new Date(at).toISOString()).toEqual({
          startDate: there.subtract(90, 'day').format(DAY_FORMAT),
          endDate: there.add(1, 'day').format(DAY_FORMAT),
        });
      }
    }
  });
});

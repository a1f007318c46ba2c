import { describe, expect, it } from 'vitest';
import { dayjs } from '@/domain/time';
import { DISPLAY_TIME_ZONE, displayZoneOffset, instantOfDisplayWall, RULE_SINCE } from '@/domain/time-zone';
import { dayStart } from '@/domain/date-window';

/** The platform's own answer (Node's ICU time-zone data): what the rule must agree with. */
const parts = new Intl.DateTimeFormat('en-US', { timeZone: DISPLAY_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
function platform(at: number): number {
  const p: Record<string, number> = {};
  for (const { type, value } of parts.formatToParts(at)) p[type] = Number(value);
  return Math.round((Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000) / 60_000);
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe("America/Toronto's offset from its rule, against the platform's time-zone data", () => {
  it('every fifth hour from 2007 to 2060 (every hour of the day in turn) has the offset ICU gives', () => {
    const wrong: string[] = [];
    for (let at = RULE_SINCE; at < Date.UTC(2061, 0, 1); at += 5 * HOUR) if (displayZoneOffset(at) !== platform(at)) wrong.push(new Date(at).toISOString());
    expect(wrong).toEqual([]);
  });

  it('every minute of the two hours around each change, 2007–2060, has the offset ICU gives', () => {
    const wrong: string[] = [];
    let changes = 0;
    for (let year = 2007; year <= 2060; year++) {
      // The days the platform's offset changes (noon to noon), then the hour within the day.
      for (let noon = Date.UTC(year, 0, 1, 12); noon < Date.UTC(year + 1, 0, 1, 12); noon += 24 * HOUR) {
        if (platform(noon) === platform(noon + 24 * HOUR)) continue;
        for (let at = noon; at < noon + 24 * HOUR; at += HOUR) {
          if (platform(at) === platform(at + HOUR)) continue;
          changes++;
          for (let m = at - HOUR; m <= at + 2 * HOUR; m += MINUTE) if (displayZoneOffset(m) !== platform(m)) wrong.push(new Date(m).toISOString());
        }
      }
    }
    expect(changes).toBe(2 * 54);
    expect(wrong).toEqual([]);
  });

  it('before 2007 the platform answers: the older rule (first Sunday of April) and 1974 are right', () => {
    expect(displayZoneOffset(Date.UTC(2006, 3, 2, 6, 59))).toBe(-300);
    expect(displayZoneOffset(Date.UTC(2006, 3, 2, 7, 0))).toBe(-240);
    expect(displayZoneOffset(Date.UTC(2006, 2, 20, 12))).toBe(-300);
    for (let at = Date.UTC(1970, 0, 1); at < RULE_SINCE; at += 7 * HOUR) expect(displayZoneOffset(at)).toBe(platform(at));
  });

  it("a wall-clock time reads as dayjs' time-zone plugin reads it; the hour repeated in November reads as its first (daylight) time", () => {
    const wrong: string[] = [];
    const wallOf = (at: number) => at + platform(at) * MINUTE;
    for (let year = 2007; year <= 2040; year += 3) {
      for (const month of [2, 10]) {
        for (let wall = Date.UTC(year, month, 1); wall < Date.UTC(year, month + 1, 1); wall += 30 * MINUTE) {
          const text = new Date(wall).toISOString().slice(0, 16).replace('T', ' ');
          const read = instantOfDisplayWall(wall);
          // Twice on the clock, dayjs picks by today's offset: the earlier of the two instants here.
          const byDayjs = dayjs.tz(text, 'YYYY-MM-DD HH:mm', DISPLAY_TIME_ZONE).valueOf();
          const expected = wallOf(byDayjs - HOUR) === wall ? byDayjs - HOUR : byDayjs;
          if (read !== expected) wrong.push(text);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("a day's first instant is Toronto's midnight, in summer and in winter", () => {
    expect(dayStart('2026-07-01')).toBe('2026-07-01T04:00:00.000Z');
    expect(dayStart('2026-01-15')).toBe('2026-01-15T05:00:00.000Z');
    expect(dayStart('2026-03-08')).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStart('2026-11-01')).toBe('2026-11-01T04:00:00.000Z');
    expect(() => dayStart('no es un día')).toThrow(RangeError);
  });
});

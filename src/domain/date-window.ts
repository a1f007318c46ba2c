import { dayjs } from './time';
import { displayZoneOffset, instantOfDisplayWall } from './time-zone';

/**
 * The date filters of every search screen (spec lists §5), as pure functions shared by the
 * screens and the server so the two cannot disagree. Dates are calendar days (YYYY-MM-DD) in
 * America/Toronto; the end day is included whole.
 */

export type WindowKind = 'default' | 'calls';

/** Days back of the start when it is invalid or after the end: 60, or 50 for calls. */
export const DAYS_BACK: Record<WindowKind, number> = { default: 60, calls: 50 };
/** The default window: 60 days back; a reset of the calls screen goes 90 days back. */
export const DEFAULT_DAYS_BACK = 60;
export const RESET_DAYS_BACK: Record<WindowKind, number> = { default: 60, calls: 90 };

export const DAY_FORMAT = 'YYYY-MM-DD';

export interface DateWindowInput {
  startDate?: string | null;
  endDate?: string | null;
  /** A user id or order id was given: the start date is dropped. */
  hasId?: boolean;
}

export interface DateWindow {
  /** First day included, or null when an id makes the start irrelevant. */
  startDate: string | null;
  /** Last day included. */
  endDate: string;
}

/** A calendar day, or null when the text is not one (an empty picker, "31/02/2026", "abc"). */
export function parseDay(text: string | null | undefined): string | null {
  if (!text) return null;
  const parsed = dayjs(text, DAY_FORMAT, true);
  return parsed.isValid() ? parsed.format(DAY_FORMAT) : null;
}

/**
 * Time-zone arithmetic is the slow part of a list request (dayjs' tz builds an Intl formatter per
 * call, and every format walks its pattern): the answers are pure, so they are remembered: today's
 * date per minute, a day's first instant per day, a day moved by some days. Bounded, so a server
 * running for months does not grow them.
 */
function remembered<K, V>(compute: (key: K) => V, max = 512): (key: K) => V {
  const memo = new Map<K, V>();
  return (key) => {
    let value = memo.get(key);
    if (value === undefined) {
      if (memo.size >= max) memo.clear();
      value = compute(key);
      memo.set(key, value);
    }
    return value;
  };
}

/**
 * Today's date in America/Toronto at an instant: the instant moved by the zone's offset, read as
 * a UTC calendar day. The zone's rule (displayZoneOffset) instead of dayjs' `.tz()`, which
 * builds an Intl formatter per call: on a phone that was a 75 ms task before a list's first read
 * (docs/decisions.md, issue 26 fourth and sixth passes).
 */
const todayAtMinute = remembered((minute: number) => {
  const at = minute * 60_000;
  return new Date(at + displayZoneOffset(at) * 60_000).toISOString().slice(0, 10);
});

/** The first instant of a day in America/Toronto, as ISO UTC (a RangeError for text that is not a day). */
export const dayStart = remembered((day: string) => new Date(instantOfDisplayWall(dayjs.utc(day, DAY_FORMAT).valueOf())).toISOString());

/** A calendar day (YYYY-MM-DD) moved by some days: arithmetic on the date alone, no zone. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + days)).toISOString().slice(0, 10);
}

/** The first day of the month `months` away from a day's month (negative: back): calendar arithmetic alone. */
export function monthStart(day: string, months = 0): string {
  const [year, month] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1 + months, 1)).toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another (negative when the second is earlier). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

const shifted = remembered((key: string) => {
  const [day, days] = key.split('|');
  return addDays(day!, Number(days));
});

function shift(day: string, days: number): string {
  return shifted(`${day}|${days}`);
}

/** Today's date in America/Toronto, remembered per minute. */
export const todayText = (now: number) => todayAtMinute(Math.floor(now / 60_000));

/** The default window: 60 days back from today (reset of calls: 90) to tomorrow. */
export function defaultWindow(kind: WindowKind, now: number, reset = false): { startDate: string; endDate: string } {
  const day = todayText(now);
  const back = reset ? RESET_DAYS_BACK[kind] : DEFAULT_DAYS_BACK;
  return { startDate: shift(day, -back), endDate: shift(day, 1) };
}

/**
 * Applies the rules: an invalid end becomes tomorrow; an invalid start becomes 60 (50) days
 * back; an end before the start moves the start to 60 (50) days before the end; an id drops
 * the start.
 */
export function normalizeWindow(input: DateWindowInput, kind: WindowKind, now: number): DateWindow {
  const back = DAYS_BACK[kind];
  const endDate = parseDay(input.endDate) ?? shift(todayText(now), 1);
  let startDate = parseDay(input.startDate) ?? shift(todayText(now), -back);
  if (endDate < startDate) startDate = shift(endDate, -back);
  return { startDate: input.hasId ? null : startDate, endDate };
}

/** The instants a window covers, as ISO UTC bounds: [from, until). */
export function windowBounds(window: DateWindow): { from: string | null; until: string } {
  return {
    from: window.startDate ? dayStart(window.startDate) : null,
    until: dayStart(shift(window.endDate, 1)),
  };
}

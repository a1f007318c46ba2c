import { dayjs } from './time';
import { DISPLAY_TIME_ZONE } from './time-zone';

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

function today(now: number): dayjs.Dayjs {
  return dayjs(now).tz(DISPLAY_TIME_ZONE);
}

function shift(day: string, days: number): string {
  return dayjs(day, DAY_FORMAT, true).add(days, 'day').format(DAY_FORMAT);
}

/** The default window: 60 days back from today (reset of calls: 90) to tomorrow. */
export function defaultWindow(kind: WindowKind, now: number, reset = false): { startDate: string; endDate: string } {
  const day = today(now);
  const back = reset ? RESET_DAYS_BACK[kind] : DEFAULT_DAYS_BACK;
  return { startDate: day.subtract(back, 'day').format(DAY_FORMAT), endDate: day.add(1, 'day').format(DAY_FORMAT) };
}

/**
 * Applies the rules: an invalid end becomes tomorrow; an invalid start becomes 60 (50) days
 * back; an end before the start moves the start to 60 (50) days before the end; an id drops
 * the start.
 */
export function normalizeWindow(input: DateWindowInput, kind: WindowKind, now: number): DateWindow {
  const back = DAYS_BACK[kind];
  const endDate = parseDay(input.endDate) ?? today(now).add(1, 'day').format(DAY_FORMAT);
  let startDate = parseDay(input.startDate) ?? shift(today(now).format(DAY_FORMAT), -back);
  if (endDate < startDate) startDate = shift(endDate, -back);
  return { startDate: input.hasId ? null : startDate, endDate };
}

/** The instants a window covers, as ISO UTC bounds: [from, until). */
export function windowBounds(window: DateWindow): { from: string | null; until: string } {
  const at = (day: string) => dayjs.tz(day, DAY_FORMAT, DISPLAY_TIME_ZONE);
  return {
    from: window.startDate ? at(window.startDate).toISOString() : null,
    until: at(window.endDate).add(1, 'day').toISOString(),
  };
}

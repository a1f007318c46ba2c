import { DISPLAY_TIME_ZONE } from './time-zone';

/**
 * One formatter for the life of the page: building an Intl.DateTimeFormat with a time zone costs
 * milliseconds (tens of them on a slow phone), and the footer asks on every render of the shell.
 */
let yearFormat: Intl.DateTimeFormat | null = null;

/** The calendar year in the display zone: the footer's copyright year is computed, never written. */
export function currentYear(now: number = Date.now()): number {
  yearFormat ??= new Intl.DateTimeFormat('en', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric' });
  return Number(yearFormat.format(now));
}

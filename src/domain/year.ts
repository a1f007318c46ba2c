import { DISPLAY_TIME_ZONE } from './time-zone';

/** The calendar year in the display zone: the footer's copyright year is computed, never written. */
export function currentYear(now: number = Date.now()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric' }).format(now));
}

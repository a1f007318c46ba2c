import { NEW_YEAR_UTC_OFFSET_MINUTES } from './time-zone';

/** The calendar year in the display zone: the footer's copyright year is computed, never written. */
export function currentYear(now: number = Date.now()): number {
  return new Date(now + NEW_YEAR_UTC_OFFSET_MINUTES * 60_000).getUTCFullYear();
}

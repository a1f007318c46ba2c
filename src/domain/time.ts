import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

import { DISPLAY_TIME_ZONE, displayZoneOffset } from './time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export { DISPLAY_TIME_ZONE };
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
export const DATE_FORMAT = 'DD/MM/YYYY';
/**
 * One way to read a date everywhere (issue 14 §7): day/month/year and the time in Toronto; the
 * tables whose rows follow each other within a minute (transitions, traces, the segment) add the seconds.
 */
export const DATE_TIME_SECONDS_FORMAT = 'DD/MM/YYYY HH:mm:ss';
/** What a person types for an expiring credit's expiry (spec details §5: 'DD-MM-YYYY HH:mm:ss'): an input format, not a display one. */
export const CREDIT_EXPIRY_FORMAT = 'DD-MM-YYYY HH:mm:ss';

/** Formats an instant (ISO text or epoch ms) in America/Toronto; empty for a missing value. */
export function formatDateTime(value: string | number | Date | null | undefined, format = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs(value);
  if (!parsed.isValid()) return '';
  // The zone's offset at that instant from one kept formatter: dayjs's `.tz()` builds a new one
  // (toLocaleString with a time zone) on every call, a cost every row of every table paid.
  return parsed.utcOffset(displayZoneOffset(parsed.valueOf())).format(format);
}

export { dayjs };

/** A calendar date (a birthday, "YYYY-MM-DD") as DD/MM/YYYY: no time zone applies to it. */
export function formatCalendarDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? '');
}

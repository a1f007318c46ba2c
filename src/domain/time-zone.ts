/** Every date on screen is shown in this zone (spec §1). */
export const DISPLAY_TIME_ZONE = 'America/Toronto';

/**
 * The zone's offset from UTC at the turn of the year (Toronto keeps standard time, UTC−5, from
 * November to March): enough to know the calendar year without the Intl time-zone machinery,
 * whose first use costs tens of milliseconds on a slow phone (the footer's year is on the shell's
 * first paint; tests/domain/format.test.ts checks it against Intl for fifty years).
 */
export const NEW_YEAR_UTC_OFFSET_MINUTES = -300;

/**
 * One formatter of the zone's wall-clock parts for the life of the page: building an
 * Intl.DateTimeFormat with a time zone is what costs, reusing one is cheap.
 */
let zoneParts: Intl.DateTimeFormat | null = null;

/** Minutes the display zone is ahead of UTC at an instant (Toronto: −240 in summer, −300 in winter). */
export function displayZoneOffset(at: number): number {
  zoneParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: DISPLAY_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const part: Record<string, number> = {};
  for (const { type, value } of zoneParts.formatToParts(at)) part[type] = Number(value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

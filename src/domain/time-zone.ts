/** Every date on screen is shown in this zone (spec §1). */
export const DISPLAY_TIME_ZONE = 'America/Toronto';

/**
 * The zone's offset from UTC at the turn of the year (Toronto keeps standard time, UTC−5, from
 * November to March): enough to know the calendar year (the footer's year).
 */
export const NEW_YEAR_UTC_OFFSET_MINUTES = -300;

const STANDARD = -300;
const DAYLIGHT = -240;

/**
 * Since 2007 Toronto keeps daylight time (UTC−4) from the second Sunday of March at 02:00 standard
 * time (07:00 UTC) until the first Sunday of November at 02:00 daylight time (06:00 UTC), and
 * standard time (UTC−5) the rest of the year: Ontario follows the rule the United States set in
 * 2005. Earlier instants ask the platform's time-zone data, which knows the older rules.
 */
export const RULE_SINCE = Date.UTC(2007, 0, 1, 5);

/** The two instants of a year when the clocks change, computed once per year. */
const changes = new Map<number, readonly [number, number]>();
function changesOf(year: number): readonly [number, number] {
  let known = changes.get(year);
  if (!known) {
    const sundayOnOrAfter = (month: number, day: number) => day + ((7 - new Date(Date.UTC(year, month, day)).getUTCDay()) % 7);
    known = [Date.UTC(year, 2, sundayOnOrAfter(2, 8), 7), Date.UTC(year, 10, sundayOnOrAfter(10, 1), 6)];
    changes.set(year, known);
  }
  return known;
}

/**
 * The platform's answer, for instants before the rule: building an Intl.DateTimeFormat with a
 * time zone loads the zone's data, tens of milliseconds on a phone, so one is kept and only made
 * when an old date is shown.
 */
let zoneParts: Intl.DateTimeFormat | null = null;
function platformOffset(at: number): number {
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

/**
 * Minutes the display zone is ahead of UTC at an instant (Toronto: −240 in summer, −300 in winter).
 * From the rule since 2007: no Intl on a page's first paint (the zone's data cost a long task of
 * its own on a phone, issue 26); tests/domain/time-zone.test.ts checks every hour of 2007–2060 and
 * every minute around each change against the platform's data, so a change of the law (a new
 * tzdata in Node) fails the build instead of showing wrong hours.
 */
export function displayZoneOffset(at: number): number {
  if (!(at >= RULE_SINCE)) return platformOffset(at);
  const [begins, ends] = changesOf(new Date(at).getUTCFullYear());
  return at >= begins && at < ends ? DAYLIGHT : STANDARD;
}

/**
 * The instant a wall-clock time in the display zone names (its fields given as if they were UTC),
 * as dayjs' time-zone plugin reads one: the offset where the time is, corrected once by the offset
 * where that lands; a time in the hour the clocks skip in March is read in daylight time.
 */
export function instantOfDisplayWall(wallAsUtc: number): number {
  const first = displayZoneOffset(wallAsUtc);
  let guess = wallAsUtc - first * 60_000;
  const second = displayZoneOffset(guess);
  if (first === second) return guess;
  guess -= (second - first) * 60_000;
  const third = displayZoneOffset(guess);
  if (second === third) return guess;
  return wallAsUtc - Math.min(second, third) * 60_000;
}

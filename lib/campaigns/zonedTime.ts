/**
 * A campaign's dates are instants (ISO, UTC) in the catalogue, but a marketer thinks of "9 in
 * the morning in Berlin on Christmas Eve". These turn the wall-clock text a datetime-local
 * input gives into the instant it means in a time zone, and back, with Intl alone: the
 * browser and the server have every zone's rules, no library is shipped for them.
 */

/** The zones the studio offers: where its brands sell. */
export const STUDIO_TIME_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'America/New_York',
  'America/Toronto',
  'America/Los_Angeles',
  'Australia/Sydney',
] as const;
export type StudioTimeZone = (typeof STUDIO_TIME_ZONES)[number];

export const DEFAULT_STUDIO_TIME_ZONE: StudioTimeZone = 'UTC';

export function isStudioTimeZone(zone: string): zone is StudioTimeZone {
  return (STUDIO_TIME_ZONES as readonly string[]).includes(zone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building one costs far more than formatting with it. */
function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  const known = formatters.get(timeZone);
  if (known) return known;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23: some engines write midnight as "24" with hour12: false.
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
    return formatter;
  } catch {
    return null;
  }
}

/** Whether Intl knows the zone ("Europe/Berlin", "UTC"); the studio offers only STUDIO_TIME_ZONES. */
export function isTimeZone(zone: string): boolean {
  return zone !== '' && formatterFor(zone) !== null;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// What a datetime-local input gives: minutes, or seconds (and a fraction) when its step asks for them.
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

function parseLocal(local: string): WallTime | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = { year, month, day, hour, minute, second };
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return null;
  // Date.UTC rolls 31 February over into March: a date it gives back changed was not a date.
  const check = new Date(asUtc(wall));
  if (check.getUTCFullYear() !== wall.year || check.getUTCMonth() + 1 !== wall.month || check.getUTCDate() !== wall.day) return null;
  return wall;
}

/** The wall time read as if it were UTC: the arithmetic below works in these milliseconds. */
function asUtc({ year, month, day, hour, minute, second }: WallTime): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  // Date.UTC maps years 0 to 99 to 1900 to 1999.
  date.setUTCFullYear(year);
  return date.getTime();
}

function wallTimeAt(instant: number, formatter: Intl.DateTimeFormat): WallTime {
  const parts = Object.fromEntries(formatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's clocks are ahead of UTC at the instant, in milliseconds (Berlin in winter: one hour). */
function offsetAt(instant: number, formatter: Intl.DateTimeFormat): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return asUtc(wallTimeAt(whole, formatter)) - whole;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * The instant a zone's wall-clock time means: "2026-12-24T09:00" in Europe/Berlin is
 * "2026-12-24T08:00:00.000Z". Null when the text is not a date and time, or the zone unknown.
 *
 * Where clocks change, a wall time may be missing or happen twice. As Temporal's "compatible"
 * choice (and the calendars marketers use) does:
 * - in a gap (Berlin, 29 March 2026, 02:30 never shows) the time is read with the offset from
 *   before the change, which lands as far past the gap: 03:30 summer time;
 * - in an overlap (Berlin, 25 October 2026, 02:30 shows twice) the earlier one is meant, still
 *   summer time: a campaign starts no later than asked, and ends no later either.
 */
export function zonedToUtc(local: string, timeZone: string): string | null {
  const wall = parseLocal(local);
  const formatter = formatterFor(timeZone);
  if (!wall || !formatter) return null;
  const target = asUtc(wall);
  // The zone's offsets a day either side: the studio's zones change them at most twice a year.
  const before = offsetAt(target - DAY, formatter);
  const after = offsetAt(target + DAY, formatter);
  const candidates = [...new Set([target - before, target - after])].sort((a, b) => a - b);
  const meant = candidates.find((instant) => asUtc(wallTimeAt(instant, formatter)) === target) ?? target - before;
  return new Date(meant).toISOString();
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * An instant as the zone's wall clock shows it, as a datetime-local input takes it:
 * "2026-12-24T09:00" (seconds only when there are some). "" when the instant or the zone is
 * not one: an empty input, as for no date.
 */
export function utcToZoned(iso: string, timeZone: string): string {
  const instant = Date.parse(iso);
  const formatter = formatterFor(timeZone);
  if (Number.isNaN(instant) || !formatter) return '';
  const wall = wallTimeAt(instant, formatter);
  const time = `${pad(wall.hour)}:${pad(wall.minute)}${wall.second ? `:${pad(wall.second)}` : ''}`;
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${time}`;
}

/**
 * Wall-clock time in a time zone, with Intl only: the shop's times are America/New_York (deal
 * windows, delivery windows), whatever zone the server or the admin's browser runs in. A wall time
 * is 'YYYY-MM-DDTHH:mm', the value of <input type="datetime-local">.
 *
 * Across a daylight-saving change a wall time can name two instants (the fall-back hour, 1:00-1:59
 * happens twice) or none (the spring-forward hour, 2:00-2:59 is skipped); toEpoch() says which.
 */

export const NY_TIME_ZONE = 'America/New_York';

/** 'YYYY-MM-DDTHH:mm'. */
export type WallTime = string;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const PARTS_OPTIONS: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};
const LABEL_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};
/** New York's formatters are made once, at load: building one costs far more than using it. */
const NY_PARTS = new Intl.DateTimeFormat('en-US', { ...PARTS_OPTIONS, timeZone: NY_TIME_ZONE });
const NY_LABEL = new Intl.DateTimeFormat('en-US', { ...LABEL_OPTIONS, timeZone: NY_TIME_ZONE });

/** The zone's formatter: New York's own, or one made for this call. */
function formatterFor(zone: string, ny: Intl.DateTimeFormat, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return zone === NY_TIME_ZONE ? ny : new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
}

function wallParts(ms: number, zone: string): WallParts {
  const out: Record<string, number> = {};
  for (const p of formatterFor(zone, NY_PARTS, PARTS_OPTIONS).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return { year: out.year ?? 0, month: out.month ?? 0, day: out.day ?? 0, hour: out.hour ?? 0, minute: out.minute ?? 0 };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function formatWall(p: WallParts): WallTime {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** The zone's offset from UTC at an instant, in ms (New York: -4 h in summer, -5 h in winter). */
export function zoneOffsetMs(ms: number, zone: string = NY_TIME_ZONE): number {
  const p = wallParts(ms, zone);
  // The wall time read as if it were UTC, minus the instant, to the minute (seconds play no part).
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

/** An instant as the zone's wall time, to the minute. */
export function toWallTime(ms: number, zone: string = NY_TIME_ZONE): WallTime {
  return formatWall(wallParts(ms, zone));
}

export type WallTimeResult = { ok: true; ms: number } | { ok: false; message: string };

/**
 * A wall time in the zone as an instant (epoch ms), or why it names none: not a date and time, or a
 * time the clocks skip. In the fall-back hour, which happens twice, the first occurrence is taken
 * (in New York the one still on daylight time, EDT): an admin who types 1:30 on that night means
 * the first 1:30 the shop reaches, and a deal set to start then starts no later than asked.
 */
export function toEpoch(wall: string, zone: string = NY_TIME_ZONE): WallTimeResult {
  const m = WALL_TIME.exec(wall);
  if (!m) return { ok: false, message: 'Enter a date and time as YYYY-MM-DDTHH:mm' };
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (
    year < 1970 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return { ok: false, message: `${wall} is not a real date and time` };
  }
  // The zone's offsets a day either side cover any change near this time (zones change at most
  // once a day); each one that maps back to the same wall time is a real occurrence of it.
  const offsets = new Set([zoneOffsetMs(asUtc - DAY_MS, zone), zoneOffsetMs(asUtc + DAY_MS, zone), zoneOffsetMs(asUtc, zone)]);
  const instants = [...offsets]
    .map((offset) => asUtc - offset)
    .filter((ms) => toWallTime(ms, zone) === wall)
    .sort((a, b) => a - b);
  const first = instants[0];
  if (first === undefined) {
    const place = zone === NY_TIME_ZONE ? 'New York' : zone;
    return { ok: false, message: `${formatWallText(wall)} does not exist in ${place}: the clocks skip that hour. Choose another time.` };
  }
  return { ok: true, ms: first };
}

/** Like toEpoch, for a wall time already checked: throws when it names no instant. */
export function toEpochOrThrow(wall: string, zone: string = NY_TIME_ZONE): number {
  const result = toEpoch(wall, zone);
  if (!result.ok) throw new RangeError(result.message);
  return result.ms;
}

/** '2026-03-08T02:30' -> 'Mar 8, 2026, 2:30 AM', for a message about a time that has no instant. */
function formatWallText(wall: string): string {
  const m = WALL_TIME.exec(wall);
  if (!m) return wall;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const monthName = MONTHS[month - 1] ?? '';
  return `${monthName} ${day}, ${year}, ${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * An instant as a person in the zone reads it, with the zone's abbreviation so the two 1:30s of a
 * fall-back night differ: 'Nov 1, 2026, 1:30 AM EDT'. Built from the parts with plain spaces, so
 * the text is the same whatever ICU version formats it (some put a narrow no-break space before
 * AM/PM), on the server and in every browser.
 */
export function formatZoned(ms: number, zone: string = NY_TIME_ZONE): string {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(zone, NY_LABEL, LABEL_OPTIONS).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return `${parts.month} ${parts.day}, ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
}

/** formatZoned in New York. */
export const formatNyTime = (ms: number): string => formatZoned(ms, NY_TIME_ZONE);
/** toWallTime in New York. */
export const toNyWallTime = (ms: number): WallTime => toWallTime(ms, NY_TIME_ZONE);

/** The New York date of an instant, 'YYYY-MM-DD'. */
export function nyDate(ms: number): string {
  return toNyWallTime(ms).slice(0, 10);
}

/** toEpoch in New York. */
export const fromNyWallTime = (wall: string): WallTimeResult => toEpoch(wall, NY_TIME_ZONE);

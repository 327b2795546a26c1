// Wall-clock time in an IANA zone, from the runtime's own tz database (Intl): local <-> UTC, and the
// zone's offset changes (for an ICS VTIMEZONE). Events are stored as UTC instants plus their zone, so a
// change of Chile's clocks never moves an event; these turn the admin's "20:00 in Santiago" into that
// instant and back.

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** True when the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

type Fields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function fieldsAt(zone: string, utcMs: number): Fields {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(utcMs)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The zone's offset from UTC at an instant, in minutes (Santiago: -180 in summer, -240 in winter). */
export function offsetMinutes(zone: string, utcMs: number): number {
  const f = fieldsAt(zone, utcMs);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / MINUTE_MS);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "YYYY-MM-DDTHH:mm": the wall-clock time in `zone` at an instant. */
export function localTimeOf(zone: string, utcMs: number): string {
  const f = fieldsAt(zone, utcMs);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

export const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The wall-clock time ("YYYY-MM-DDTHH:mm") read as if it were UTC, or null when it is no real date and time. */
function wallAsUtc(local: string): number | null {
  const m = LOCAL_TIME.exec(local);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  return wall;
}

/**
 * The instant of a wall-clock time ("YYYY-MM-DDTHH:mm") in `zone`. A time the clocks skip (Chile's
 * 24:00 -> 01:00 in September) moves forward by the gap, as RFC 5545 reads it; a time that happens twice
 * (April's 24:00 -> 23:00) is the first of the two. Null when the text is no real date and time.
 */
export function instantOf(zone: string, local: string): number | null {
  const wall = wallAsUtc(local);
  if (wall === null) return null;
  // The offset just before the wall time read as UTC, then corrected once by the offset at the guess.
  const before = offsetMinutes(zone, wall - DAY_MS);
  const guess = wall - before * MINUTE_MS;
  const at = offsetMinutes(zone, guess);
  if (at === before) return guess;
  const corrected = wall - at * MINUTE_MS;
  // In a gap the corrected instant reads back as a different wall time: keep the earlier offset's reading.
  return localTimeOf(zone, corrected) === local ? corrected : guess;
}

/**
 * True when the wall-clock time happens twice in `zone` (the hour the clocks repeat when they go back):
 * read with the offset of the day before and with the day after's, it is two instants that both show it.
 * instantOf takes the first; calendar readers take the second, so the .ics writes such a time in UTC.
 */
export function isAmbiguousLocalTime(zone: string, local: string): boolean {
  const wall = wallAsUtc(local);
  if (wall === null) return false;
  const [early, late] = [wall - DAY_MS, wall + DAY_MS].map((at) => wall - offsetMinutes(zone, at) * MINUTE_MS);
  return early !== late && localTimeOf(zone, early) === local && localTimeOf(zone, late) === local;
}

export type OffsetChange = { at: number; from: number; to: number };

/** The zone's offset changes in [fromMs, toMs), each to the minute. */
export function offsetChanges(zone: string, fromMs: number, toMs: number): OffsetChange[] {
  const step = 7 * DAY_MS;
  const changes: OffsetChange[] = [];
  let t = fromMs;
  let offset = offsetMinutes(zone, t);
  while (t < toMs) {
    const next = Math.min(t + step, toMs);
    const nextOffset = offsetMinutes(zone, next);
    if (nextOffset !== offset) {
      // Binary search for the first minute with the new offset.
      let lo = t;
      let hi = next;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutes(zone, mid) === offset) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, from: offset, to: offsetMinutes(zone, hi) });
    }
    t = next;
    offset = nextOffset;
  }
  return changes;
}

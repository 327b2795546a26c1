// iCalendar (RFC 5545) for events: one event's file and a member's subscription feed. Times are written
// in the event's zone (DTSTART;TZID=...) with a VTIMEZONE built from that zone's real offset changes
// around the events (no RRULE, so no calendar has to guess future rules), so a calendar shows the same
// instant as the app whatever its own zone. A wall time the zone repeats (Chile's April hour) is the
// first of the two in the app but the second in readers (ical.js, node-ical, python's icalendar), so
// such an instant is written in UTC: a single event's DTSTART/DTEND, and in a series an RDATE in UTC
// replacing the rule's date there (EXDATE in the zone).

import {
  isAmbiguousLocalTime,
  localTimeOf,
  type OffsetChange,
  offsetChanges,
  offsetMinutes,
} from "../../platform/zoned-time";
import type { EventRepeat } from "../../shared/events";
import { occurrencesOf } from "./recurrence";

export type IcsEvent = {
  uid: string;
  sequence: number;
  title: string;
  description: string;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  location: string | null;
  url: string;
  cancelled: boolean;
  updatedAt: number;
  /** A recurring event: its rule (RRULE, UNTIL in UTC), its last occurrence's end, its cancelled dates (EXDATE). */
  repeat: EventRepeat | null;
  repeatUntil: number | null;
  lastEndsAt: number;
  cancelledStarts: number[];
};

const FREQ: Record<EventRepeat, string> = { weekly: "WEEKLY", monthly: "MONTHLY" };

const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/**
 * TEXT value escaping (RFC 5545 §3.3.11). Every line-break form is one escaped newline: a lone CR left
 * raw ends the content line for some readers (node-ical then loses SUMMARY and DESCRIPTION).
 */
const text = (value: string) =>
  value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n?|\n/g, "\\n");

/** Content lines folded at 75 octets (§3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const max = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > max) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** "YYYYMMDDTHHMMSS" from "YYYY-MM-DDTHH:mm" (a local DATE-TIME, §3.3.5 form 3). */
const localStamp = (local: string) => `${local.replace(/[-:]/g, "")}00`;
const utcStamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** TZNAME as the zone's own numeric abbreviation would read ("-03", "+0530"). */
const offsetName = (minutes: number) => {
  const full = offsetText(minutes);
  return full.endsWith("00") ? full.slice(0, 3) : full;
};

function observance(kind: "STANDARD" | "DAYLIGHT", change: OffsetChange): string[] {
  // DTSTART is the onset as a local time read in the offset before it (TZOFFSETFROM).
  const onsetLocal = localTimeOf("UTC", change.at + change.from * 60_000);
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localStamp(onsetLocal)}`,
    `TZOFFSETFROM:${offsetText(change.from)}`,
    `TZOFFSETTO:${offsetText(change.to)}`,
    `TZNAME:${offsetName(change.to)}`,
    `END:${kind}`,
  ];
}

/**
 * The zone's VTIMEZONE over [from, to]: the offset in force at `from` as the first observance, then every
 * change until `to`. A change to a larger offset is DAYLIGHT, to a smaller one STANDARD.
 */
export function vtimezone(zone: string, from: number, to: number): string[] {
  const changes = offsetChanges(zone, from, to);
  const first = offsetMinutes(zone, from);
  const firstIsDaylight = changes.length > 0 && changes[0].to < first;
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${zone}`,
    ...observance(firstIsDaylight ? "DAYLIGHT" : "STANDARD", { at: from, from: first, to: first }),
    ...changes.flatMap((change) => observance(change.to > change.from ? "DAYLIGHT" : "STANDARD", change)),
    "END:VTIMEZONE",
  ];
}

/** `;TZID=zone:local`: the instant as the zone's wall clock. */
const inZone = (zone: string, ms: number) => `;TZID=${zone}:${localStamp(localTimeOf(zone, ms))}`;

/** Whether the instant's wall time happens twice in the zone (a reader would take the second). */
const inRepeatedHour = (zone: string, ms: number) => isAmbiguousLocalTime(zone, localTimeOf(zone, ms));

/** The rule's lines: RRULE (a monthly one with its day, which node-ical misreads without it), EXDATE, RDATE. */
function seriesLines(event: IcsEvent & { repeat: EventRepeat; repeatUntil: number }): string[] {
  const monthDay = `;BYMONTHDAY=${Number(localTimeOf(event.timeZone, event.startsAt).slice(8, 10))}`;
  const cancelled = new Set(event.cancelledStarts);
  // A date in the repeated hour: readers expand the rule to the second instant, so that date is excluded
  // (read as they read it) and the app's instant added in UTC, unless it is cancelled anyway.
  const repeated = occurrencesOf(event)
    .map((o) => o.startsAt)
    .filter((start) => !cancelled.has(start) && inRepeatedHour(event.timeZone, start));
  return [
    `RRULE:FREQ=${FREQ[event.repeat]}${event.repeat === "monthly" ? monthDay : ""};UNTIL=${utcStamp(event.repeatUntil)}`,
    ...[...event.cancelledStarts, ...repeated].map((start) => `EXDATE${inZone(event.timeZone, start)}`),
    ...repeated.map((start) => `RDATE:${utcStamp(start)}`),
  ];
}

function vevent(event: IcsEvent, now: number): string[] {
  const zone = event.timeZone;
  const exact = (ms: number) => (inRepeatedHour(zone, ms) ? `:${utcStamp(ms)}` : inZone(zone, ms));
  const times =
    event.repeat && event.repeatUntil !== null
      ? [
          // The rule's anchor stays in the zone (its dates keep the wall time); DURATION rather than DTEND
          // gives every date, an RDATE too, the app's length whatever a reader makes of a repeated hour.
          `DTSTART${inZone(zone, event.startsAt)}`,
          `DURATION:PT${Math.round((event.endsAt - event.startsAt) / 60_000)}M`,
          ...seriesLines({ ...event, repeat: event.repeat, repeatUntil: event.repeatUntil }),
        ]
      : [`DTSTART${exact(event.startsAt)}`, `DTEND${exact(event.endsAt)}`];
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `LAST-MODIFIED:${utcStamp(event.updatedAt)}`,
    `SEQUENCE:${event.sequence}`,
    ...times,
    `SUMMARY:${text(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${text(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${text(event.location)}`] : []),
    `URL:${event.url}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** A calendar of `events` (one file or a feed), with one VTIMEZONE per zone they use. */
export function calendar(events: IcsEvent[], options: { name?: string; now?: number } = {}): string {
  const now = options.now ?? Date.now();
  const zones = new Map<string, { from: number; to: number }>();
  for (const e of events) {
    const span = zones.get(e.timeZone);
    zones.set(e.timeZone, {
      from: Math.min(span?.from ?? Number.POSITIVE_INFINITY, e.startsAt - YEAR_MS),
      to: Math.max(span?.to ?? Number.NEGATIVE_INFINITY, e.lastEndsAt + YEAR_MS),
    });
  }
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Cosmic Lounge//Events//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(options.name ? [`X-WR-CALNAME:${text(options.name)}`] : []),
    ...[...zones].flatMap(([zone, span]) => vtimezone(zone, span.from, span.to)),
    ...events.flatMap((e) => vevent(e, now)),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

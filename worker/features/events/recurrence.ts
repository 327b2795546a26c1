// Recurring events: a rule, "every week" or "every month" until a date, expanded into
// occurrences for display, reminders and answers. Each occurrence keeps the first one's wall-clock time
// in the event's zone (a weekly 20:00 in Santiago stays 20:00 across Chile's clock changes); a monthly
// rule on a day some months lack (the 31st) skips those months, as RFC 5545 does.

import { instantOf, LOCAL_TIME, localTimeOf } from "../../platform/zoned-time";
import { EVENT_LIMITS, type EventRepeat as Repeat } from "../../shared/events";

export type Series = {
  startsAt: number;
  endsAt: number;
  timeZone: string;
  repeat: Repeat | null;
  /** The last day an occurrence may start on (an instant; occurrences starting after it are not part of the series). */
  repeatUntil: number | null;
};

export type Occurrence = { startsAt: number; endsAt: number };

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The wall-clock time `n` steps after `local` ("YYYY-MM-DDTHH:mm"), or null for a date the month lacks. */
function stepLocal(local: string, repeat: Repeat, n: number): string | null {
  const parts = LOCAL_TIME.exec(local);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number);
  const date =
    repeat === "weekly"
      ? new Date(Date.UTC(year, month - 1, day + 7 * n))
      : new Date(Date.UTC(year, month - 1 + n, day));
  if (repeat === "monthly" && date.getUTCDate() !== day) return null;
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}\
T${pad(hour)}:${pad(minute)}`;
}

/** Every occurrence of the series, in order (just the event when it does not repeat). */
export function occurrencesOf(series: Series): Occurrence[] {
  const duration = series.endsAt - series.startsAt;
  if (!series.repeat || series.repeatUntil === null) return [{ startsAt: series.startsAt, endsAt: series.endsAt }];
  const first = localTimeOf(series.timeZone, series.startsAt);
  const out: Occurrence[] = [];
  // Bounded: a saved rule has at most occurrencesMax occurrences (a monthly one may skip months).
  for (let n = 0; n <= EVENT_LIMITS.occurrencesMax * 2; n++) {
    const local = stepLocal(first, series.repeat, n);
    if (local === null) continue;
    const startsAt = instantOf(series.timeZone, local);
    if (startsAt === null || startsAt > series.repeatUntil) break;
    out.push({ startsAt, endsAt: startsAt + duration });
  }
  return out;
}

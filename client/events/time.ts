// When a gathering happens, for the member reading: in their own zone (their profile's, else this
// device's), with the event's own wall-clock time beside it when the zones differ ("20:00 (hora de Chile)").
import type { EventDto } from "../../worker/shared/events";
import { formatDateIn } from "../components/format";
import { TEXT } from "../text";

const format = (zone: string, options: Intl.DateTimeFormatOptions, at: string) => formatDateIn(at, options, zone);

const DAY = { weekday: "short", day: "numeric", month: "short", year: "numeric" } as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;

/** The member's zone: the one on their profile, else this device's. */
export const memberZone = (profileZone: string | null | undefined) =>
  profileZone || Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "Chile time" / "hora de Chile", else "<city> time" from the IANA name. */
export function zoneLabel(zone: string): string {
  const known = TEXT.events.zoneNames[zone];
  if (known) return known;
  return TEXT.events.cityTime((zone.split("/").pop() ?? zone).replace(/_/g, " "));
}

/** "Sat, Apr 3, 2027, 8:00 PM – 9:30 PM", then "(8:00 PM Chile time)"'s part when the zones differ. */
export function eventWhen(event: Pick<EventDto, "starts_at" | "ends_at" | "time_zone">, zone: string) {
  const sameDay = format(zone, DAY, event.starts_at) === format(zone, DAY, event.ends_at);
  const start = `${format(zone, DAY, event.starts_at)}, ${format(zone, TIME, event.starts_at)}`;
  const end = sameDay
    ? format(zone, TIME, event.ends_at)
    : `${format(zone, DAY, event.ends_at)}, ${format(zone, TIME, event.ends_at)}`;
  const local =
    zone === event.time_zone
      ? null
      : TEXT.events.inZone(format(event.time_zone, TIME, event.starts_at), zoneLabel(event.time_zone));
  return { range: `${start} – ${end}`, local };
}

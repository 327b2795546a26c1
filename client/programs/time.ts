// When a lesson opens, as the member reads it: "Opens today/tomorrow at 6:00" or "Opens Sat, Apr 3 at 6:00", in
// their zone (their profile's, else this device's).
import { formatDateIn } from "../components/format";
import { TEXT } from "../text";

const DAY = { weekday: "short", day: "numeric", month: "short" } as const;
const TIME = { hour: "numeric", minute: "2-digit" } as const;
const DATE_KEY = { year: "numeric", month: "2-digit", day: "2-digit" } as const;

const dayKey = (at: string | number, zone: string) => formatDateIn(new Date(at), DATE_KEY, zone);

export function opensText(opensAt: string, zone: string, now = Date.now()): string {
  const T = TEXT.programs;
  const time = formatDateIn(opensAt, TIME, zone);
  const day = dayKey(opensAt, zone);
  if (day === dayKey(now, zone)) return T.opensToday(time);
  if (day === dayKey(now + 24 * 60 * 60 * 1000, zone)) return T.opensTomorrow(time);
  return T.opensOn(formatDateIn(opensAt, DAY, zone), time);
}

/** "m:ss" or "h:mm:ss" of a position in seconds. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds % 60);
  const m = Math.floor(seconds / 60) % 60;
  const h = Math.floor(seconds / 3600);
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

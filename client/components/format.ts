// Numbers, money, dates and relative time in the active language, all through Intl with the locale of
// the active catalogue (TEXT.locale): `$15,000 CLP` and `Nov 22, 2026` in English, `$15.000` and
// `22 nov 2026` in Spanish (Chile). Read at call time, so a language switch takes effect on re-render.
import { TEXT } from "../text";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * docs/spec.md §9 relative time: 'Just now' under an hour, then 'Nh ago', then 'Nd ago' ("Recién",
 * "hace 3 h", "hace 2 d"). Intl's narrow style; Spanish takes the units from `es`, since es-CL's
 * narrow day is the long "días".
 */
export function relativeTime(iso: string | Date, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < HOUR) return TEXT.time.justNow;
  const format = new Intl.RelativeTimeFormat(TEXT.locale.relative, { style: "narrow", numeric: "always" });
  return elapsed < DAY ? format.format(-Math.floor(elapsed / HOUR), "hour") : format.format(-Math.floor(elapsed / DAY), "day");
}

/** A calendar date: "Nov 22, 2026" / "22 nov 2026". */
export const formatDate = (iso: string | Date) =>
  new Intl.DateTimeFormat(TEXT.locale.tag, { year: "numeric", month: "short", day: "numeric" }).format(new Date(iso));

/** A date and time, for tooltips and timestamps: "Nov 22, 2026, 3:00 PM" / "22 nov 2026, 3:00 p. m.". */
export const formatDateTime = (iso: string | Date) =>
  new Intl.DateTimeFormat(TEXT.locale.tag, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/** A time of day. */
export const formatTime = (iso: string | Date) => new Intl.DateTimeFormat(TEXT.locale.tag, { timeStyle: "medium" }).format(new Date(iso));

/** A count: 1,234 / 1.234. */
export const formatNumber = (n: number) => new Intl.NumberFormat(TEXT.locale.tag).format(n);

/** Chilean pesos as Chile writes them: $15.000 (es-CL, no decimals). */
export const formatClpChile = (amount: number) => new Intl.NumberFormat("es-CL", { style: "currency", currency: "CLP" }).format(amount);

/** Money in the active language: the spec's `$15,000 CLP` in English (docs/spec.md §9), `$15.000` in Spanish. */
export const formatClp = (amount: number) =>
  TEXT.locale.tag === "es-CL" ? formatClpChile(amount) : `$${new Intl.NumberFormat(TEXT.locale.tag).format(amount)} CLP`;

// Numbers, money, dates and relative time in the active language: numbers and dates through Intl with
// the locale of the active catalogue (TEXT.locale), `$15,000 CLP` and `Nov 22, 2026` in English,
// `$15.000` and `22 nov 2026` in Spanish (Chile); relative time from the catalogue's words. Read at
// call time, so a language switch takes effect on re-render.
import { TEXT } from "../text";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * One formatter per locale and options: constructing an Intl formatter costs far more than using one,
 * and the chat formats a date per message on every render (docs/client.md "Loading").
 */
function cached<Options extends object, F>(make: (locale: string, options?: Options) => F) {
  const made = new Map<string, F>();
  return (locale: string, options?: Options): F => {
    const key = `${locale} ${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (!formatter) {
      formatter = make(locale, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}
const dateFormat = cached((locale, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options));
const numberFormat = cached((locale, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
const DATE = { year: "numeric", month: "short", day: "numeric" } as const;
const DATE_TIME = { ...DATE, hour: "numeric", minute: "2-digit" } as const;

/**
 * docs/spec.md §9 relative time: 'Just now' under an hour, then 'Nh ago', then 'Nd ago' ("Recién",
 * "hace 3 h", "hace 2 d"), from the catalogue rather than Intl.RelativeTimeFormat: the first such
 * formatter a page builds costs ~20 ms of main thread (ICU data), ~70 ms on a throttled phone, inside
 * the lounge's first render (docs/client.md "Loading").
 */
export function relativeTime(iso: string | Date, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < HOUR) return TEXT.time.justNow;
  return elapsed < DAY ? TEXT.time.hoursAgo(Math.floor(elapsed / HOUR)) : TEXT.time.daysAgo(Math.floor(elapsed / DAY));
}

/** A calendar date: "Nov 22, 2026" / "22 nov 2026". */
export const formatDate = (iso: string | Date) => formatDateIn(iso, DATE);

/**
 * The zone dates are shown in when no other is given: the one the worker rendered the page in (the member's
 * profile, else the visitor's location, else America/Santiago: worker/pages.ts), so the hydrated page shows the
 * same times as the HTML; unset (a page the browser rendered alone), this device's.
 */
let displayZone: string | undefined;
export const setDisplayZone = (zone: string | undefined) => {
  displayZone = zone;
};

/** A date formatted with `options`, in `timeZone` when given (a member's or an event's), else the display zone. */
export const formatDateIn = (iso: string | Date, options: Intl.DateTimeFormatOptions, timeZone?: string | null) => {
  const zone = timeZone || displayZone;
  return dateFormat(TEXT.locale.tag, zone ? { ...options, timeZone: zone } : options).format(new Date(iso));
};

/**
 * A date and time, for tooltips and timestamps: "Nov 22, 2026, 3:00 PM" / "22 nov 2026, 3:00 p. m.";
 * in `timeZone` when given.
 */
export const formatDateTime = (iso: string | Date, timeZone?: string | null) => formatDateIn(iso, DATE_TIME, timeZone);

/** A time of day. */
export const formatTime = (iso: string | Date) => formatDateIn(iso, { timeStyle: "medium" });

/** A count: 1,234 / 1.234. */
export const formatNumber = (n: number) => numberFormat(TEXT.locale.tag).format(n);

/** Chilean pesos as Chile writes them: $15.000 (es-CL, no decimals). */
export const formatClpChile = (amount: number) =>
  numberFormat("es-CL", { style: "currency", currency: "CLP" }).format(amount);

/** Money in the active language: the spec's `$15,000 CLP` in English (docs/spec.md §9), `$15.000` in Spanish. */
export const formatClp = (amount: number) =>
  TEXT.locale.tag === "es-CL" ? formatClpChile(amount) : `$${numberFormat(TEXT.locale.tag).format(amount)} CLP`;

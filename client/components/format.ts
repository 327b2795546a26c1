const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** docs/spec.md §9 relative time: 'Just now' under an hour, then 'Nh ago', then 'Nd ago'. */
export function relativeTime(iso: string | Date, now = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < HOUR) return "Just now";
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

export const formatDate = (iso: string | Date) => new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** $15,000 CLP */
export const formatClp = (amount: number) => `$${amount.toLocaleString("en-US")} CLP`;

/** Chilean pesos as Chile writes them: $15.000 (es-CL, no decimals). */
const clpChile = new Intl.NumberFormat("es-CL", { style: "currency", currency: "CLP" });
export const formatClpChile = (amount: number) => clpChile.format(amount);

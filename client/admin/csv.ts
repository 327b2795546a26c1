// CSV exports built in the browser: RFC 4180 (every field quoted when it holds a comma, quote, CR or
// LF; quotes doubled; CRLF between records), and text cells that a spreadsheet would read as a
// formula (starting with = + - @, tab or CR) neutralised with a leading apostrophe.
import type { Member, Payment } from "./types";

export type Cell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = "'" + text;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (header: string[], rows: Cell[][]) => [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";

export const membersCsv = (members: Member[]) =>
  toCsv(
    ["Name", "Email", "Role", "Status", "Plan", "Joined"],
    members.map((m) => [m.name ?? "", m.email, m.role, m.status, m.plan ?? "None", m.created_at]),
  );

export const paymentsCsv = (payments: Payment[]) =>
  toCsv(
    ["User", "Plan", "Amount (CLP)", "Status", "Date", "Reason", "Test"],
    payments.map((p) => [p.user_email, p.plan, p.amount_clp, p.status, p.created_at, p.failure_reason ?? "", p.is_test ? "yes" : "no"]),
  );

/** Saves text as a file through a temporary object URL (no server round trip). */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

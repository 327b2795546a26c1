// CSV exports built in the browser, with the rules of worker/shared/csv.ts.
import { toCsv } from "../../worker/shared/csv";
import type { Member, Payment } from "./types";

export { csvCell, toCsv, type Cell } from "../../worker/shared/csv";

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

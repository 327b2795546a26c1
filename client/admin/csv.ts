// CSV exports built in the browser, with the rules of worker/shared/csv.ts.
import { toCsv } from "../../worker/shared/csv";
import { TEXT } from "../text";
import type { Member, Payment } from "./types";

export { type Cell, csvCell, toCsv } from "../../worker/shared/csv";

export const membersCsv = (members: Member[]) => {
  const h = TEXT.adminParts.membersCsv;
  return toCsv(
    [h.name, h.email, h.role, h.status, h.plan, h.joined],
    members.map((m) => [m.name ?? "", m.email, m.role, m.status, m.plan ?? TEXT.admin.noPlan, m.created_at]),
  );
};

export const paymentsCsv = (payments: Payment[]) => {
  const h = TEXT.adminParts.paymentsCsv;
  return toCsv(
    [h.user, h.plan, h.amount, h.status, h.date, h.reason, h.test],
    payments.map((p) => [
      p.user_email,
      p.plan,
      p.amount_clp,
      p.status,
      p.created_at,
      p.failure_reason ?? "",
      p.is_test ? TEXT.adminParts.yes : TEXT.adminParts.no,
    ]),
  );
};

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

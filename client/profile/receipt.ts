// A member's PDF receipt for one completed payment, made in the browser. The PDF writer (jspdf and its
// font) loads only when a receipt is asked for (a dynamic import), so it never weighs on the first page load.

import { COMMERCE_NAME, MEMBERSHIP } from "../../worker/shared/rules";
import type { Answer, api } from "../api";
import { formatClpChile, formatDate } from "../components/format";
import { saveBlob } from "../resources/export";
import { TEXT } from "../text";

export type MemberPayment = Answer<typeof api.membership.payments.$get>[number];

/** The receipt's rows (label, value), in the order printed. */
export function receiptRows(
  payment: MemberPayment,
  member: { name: string | null; email: string },
): [string, string][] {
  const t = TEXT.payments.receiptLines;
  const rows: [string, string][] = [
    [t.commerce, COMMERCE_NAME],
    [t.number, String(payment.id)],
    [t.member, member.name ? `${member.name} <${member.email}>` : member.email],
    [t.date, formatDate(payment.created_at)],
    [t.concept, TEXT.payments.concept(MEMBERSHIP.periodDays)],
    [t.amount, formatClpChile(payment.amount_clp)],
  ];
  if (payment.card_last4) rows.push([t.card, TEXT.payments.cardEnding(payment.card_last4)]);
  if (payment.authorization_code) rows.push([t.authorization, payment.authorization_code]);
  return rows;
}

/** The receipt as a PDF Blob, with the layout of the resource exports (docs/spec.md §9 margins and spacing). */
export async function receiptPdf(
  payment: MemberPayment,
  member: { name: string | null; email: string },
): Promise<Blob> {
  const { createPdfWriter } = await import("../components/pdf-writer");
  const pdf = await createPdfWriter();
  pdf.title(`${COMMERCE_NAME}: ${TEXT.payments.receiptTitle}`);
  for (const [label, value] of receiptRows(payment, member)) pdf.text(`${label}: ${value}`);
  if (payment.is_test) {
    pdf.gap();
    pdf.text(TEXT.payments.receiptLines.test);
  }
  return pdf.blob();
}

export async function downloadReceipt(payment: MemberPayment, member: { name: string | null; email: string }) {
  saveBlob(await receiptPdf(payment, member), `receipt-${payment.id}.pdf`);
}

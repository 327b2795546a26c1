// A member's PDF receipt for one completed payment, made in the browser. The PDF writer (jspdf and its
// font) loads only when a receipt is asked for (a dynamic import), so it never weighs on the first page load.

import { buildReceipt, type ReceiptFormats } from "../../../worker/shared/receipt";
import { COMMERCE_NAME } from "../../../worker/shared/rules";
import type { Answer, api } from "../../api";
import { formatClpChile, formatDate } from "../../components/format";
import { saveBlob } from "../../resources/export";
import { TEXT } from "../../text";

export type MemberPayment = Answer<typeof api.membership.payments.$get>[number];

/** The PDF's dates are days in this device's zone, its amounts Chilean pesos in any language. */
const PDF_FORMATS: ReceiptFormats = {
  paidAt: (ms) => formatDate(new Date(ms)),
  day: (ms) => formatDate(new Date(ms)),
  amount: formatClpChile,
};

/** The receipt of a payment from the member's list, dated when the payment was made, in the active language. */
const receiptOf = (payment: MemberPayment, member: { name: string | null; email: string }) =>
  buildReceipt(
    {
      id: payment.id,
      memberName: member.name,
      memberEmail: member.email,
      paidAt: Date.parse(payment.created_at),
      amountClp: payment.amount_clp,
      cardLast4: payment.card_last4,
      authorizationCode: payment.authorization_code,
      isTest: payment.is_test,
    },
    TEXT.payments.receiptLines,
    PDF_FORMATS,
  );

/** The receipt's rows (label, value), in the order printed. */
export const receiptRows = (payment: MemberPayment, member: { name: string | null; email: string }) =>
  receiptOf(payment, member).rows;

/** The receipt as a PDF Blob, with the layout of the resource exports (docs/spec.md §9 margins and spacing). */
export async function receiptPdf(
  payment: MemberPayment,
  member: { name: string | null; email: string },
): Promise<Blob> {
  const { createPdfWriter } = await import("../../components/pdf-writer");
  const pdf = await createPdfWriter();
  const receipt = receiptOf(payment, member);
  pdf.title(`${COMMERCE_NAME}: ${TEXT.payments.receiptTitle}`);
  for (const [label, value] of receipt.rows) pdf.text(`${label}: ${value}`);
  if (receipt.test) {
    pdf.gap();
    pdf.text(receipt.test);
  }
  return pdf.blob();
}

export async function downloadReceipt(payment: MemberPayment, member: { name: string | null; email: string }) {
  saveBlob(await receiptPdf(payment, member), `receipt-${payment.id}.pdf`);
}

// The words of payments in English, loaded with the screens that show them (client/i18n/language.ts
// WORDS; docs/client.md "Words"). payment-words.es.ts is the same in Spanish.
import { RECEIPT_TEXTS } from "../../worker/shared/texts/receipt";

export const words = {
  payments: {
    refund: "Refund",
    refundLabel: (id: number, email: string) => `Refund payment ${id} of ${email}`,
    refundConfirm: (amount: string, email: string) =>
      `Refund ${amount} to ${email}? Transbank returns the money to the card and the membership loses the days this payment bought. This cannot be undone.`,
    refundConfirmButton: (amount: string) => `Refund ${amount}`,
    refunded: (amount: string, type: string) => `Refunded ${amount} (Transbank: ${type}).`,
    refundFailed: "The refund failed",
    mineTitle: "Your payments",
    mineFailed: "Could not load your payments.",
    mineEmpty: "No payments yet.",
    date: "Date",
    amount: "Amount",
    status: "Status",
    receipt: "Receipt",
    receiptButton: "PDF",
    testMarker: "test, no real charge",
    status_completed: "Paid",
    status_pending: "Pending",
    status_refunded: "Refunded",
    status_failed: "Failed",
    downloadReceipt: (date: string) => `Download the receipt of ${date} as PDF`,
    receiptFailed: "The receipt could not be made. Please try again.",
    receiptTitle: "Payment receipt",
    receiptLines: RECEIPT_TEXTS.en,
  },
};

// The words of payments in Spanish (Chile): payment-words.ts's, typed by the English.
import { RECEIPT_TEXTS } from "../../worker/shared/texts/receipt";
import type { Catalog } from "../text";

export const words: Pick<Catalog, "payments"> = {
  payments: {
    refund: "Reembolsar",
    refundLabel: (id, email) => `Reembolsar el pago ${id} de ${email}`,
    refundConfirm: (amount, email) =>
      `¿Reembolsar ${amount} a ${email}? Transbank devuelve el dinero a la tarjeta y la membresía pierde los días que compró este pago. No se puede deshacer.`,
    refundConfirmButton: (amount) => `Reembolsar ${amount}`,
    refunded: (amount, type) => `Se reembolsaron ${amount} (Transbank: ${type}).`,
    refundFailed: "No se pudo hacer el reembolso",
    mineTitle: "Tus pagos",
    mineFailed: "No se pudieron cargar tus pagos.",
    mineEmpty: "Aún no tienes pagos.",
    date: "Fecha",
    amount: "Monto",
    status: "Estado",
    receipt: "Comprobante",
    receiptButton: "PDF",
    testMarker: "prueba, sin cargo real",
    status_completed: "Pagado",
    status_pending: "Pendiente",
    status_refunded: "Reembolsado",
    status_failed: "Fallido",
    downloadReceipt: (date) => `Descargar el comprobante del ${date} en PDF`,
    receiptFailed: "No se pudo generar el comprobante. Inténtalo de nuevo.",
    receiptTitle: "Comprobante de pago",
    receiptLines: RECEIPT_TEXTS.es,
  },
};

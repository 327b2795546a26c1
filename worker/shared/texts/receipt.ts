// The words of a payment's receipt in both of the app's languages: the worker's email writes in the
// member's language, the client's PDF in the active one (its words take their language's half).
import type { Language } from "../rules";

export type ReceiptTexts = {
  /** The rows' labels. */
  commerce: string;
  number: string;
  member: string;
  date: string;
  concept: string;
  period: string;
  amount: string;
  buyOrder: string;
  card: string;
  authorization: string;
  /** The rows' values that are words. */
  membership: (days: number) => string;
  periodSpan: (from: string, to: string) => string;
  cardEnding: (last4: string) => string;
  /** An automatic (Oneclick) charge: what happened and how to stop the next ones. */
  automatic: string;
  howToStop: string;
  test: string;
};

export const RECEIPT_TEXTS: Record<Language, ReceiptTexts> = {
  en: {
    commerce: "Commerce",
    number: "Receipt number",
    member: "Member",
    date: "Date",
    concept: "Concept",
    period: "Period",
    amount: "Amount",
    buyOrder: "Buy order",
    card: "Card",
    authorization: "Authorization code",
    membership: (days) => `Membership, ${days} days`,
    periodSpan: (from, to) => `${from} to ${to}`,
    cardEnding: (last4) => `**** **** **** ${last4}`,
    automatic: "This was an automatic charge to your enrolled card (automatic renewal).",
    howToStop: "To stop automatic renewal, turn off Renew automatically in your membership settings",
    test: "TEST PAYMENT: no real charge was made.",
  },
  es: {
    commerce: "Comercio",
    number: "Número de comprobante",
    member: "Miembro",
    date: "Fecha",
    concept: "Concepto",
    period: "Período",
    amount: "Monto",
    buyOrder: "Orden de compra",
    card: "Tarjeta",
    authorization: "Código de autorización",
    membership: (days) => `Membresía, ${days} días`,
    periodSpan: (from, to) => `${from} al ${to}`,
    cardEnding: (last4) => `**** **** **** ${last4}`,
    automatic: "Este fue un cargo automático a tu tarjeta inscrita (renovación automática).",
    howToStop:
      "Para detener la renovación automática, desactiva Renovar automáticamente en los ajustes de tu membresía",
    test: "PAGO DE PRUEBA: no se hizo ningún cargo real.",
  },
};

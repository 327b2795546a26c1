// A completed payment's receipt as both of its copies state it, the member's PDF (client/settings/membership/receipt.ts)
// and the receipt email (worker/features/notifications/email/build.ts): the rows in order and the notes.
// Each copy writes dates and money its own way, so it passes its formats. The client loads this only
// when a receipt is made.
import { COMMERCE_NAME, MEMBERSHIP } from "./rules";
import type { ReceiptTexts } from "./texts/receipt";

const DAY_MS = 24 * 60 * 60 * 1000;

export type ReceiptFacts = {
  id: number;
  memberName: string | null;
  memberEmail: string;
  /** The moment the receipt dates the payment. */
  paidAt: number;
  amountClp: number;
  cardLast4: string | null;
  authorizationCode: string | null;
  isTest: boolean;
  /** The member's payment list, which the PDF is made from, carries neither the buy order nor the period's end. */
  buyOrder?: string;
  /** The end of the period it paid for; the period starts `periodDays` before. */
  periodEndsAt?: number | null;
  /** The plan paid for (its name) and its period; the specification's monthly plan when not given. */
  planName?: string | null;
  periodDays?: number;
  /** An automatic renewal charge (Oneclick Mall) rather than a payment by hand. */
  automatic?: boolean;
};

/** How a copy writes the payment's date, a day of its period and an amount of pesos. */
export type ReceiptFormats = {
  paidAt: (ms: number) => string;
  day: (ms: number) => string;
  amount: (clp: number) => string;
};

export type Receipt = {
  /** (label, value), in the order printed. */
  rows: [string, string][];
  /** An automatic charge's note: what happened, and how to stop the next ones (each copy adds where). */
  automatic: { charge: string; howToStop: string } | null;
  /** A test payment's note. */
  test: string | null;
};

export function buildReceipt(facts: ReceiptFacts, t: ReceiptTexts, format: ReceiptFormats): Receipt {
  const periodDays = facts.periodDays ?? MEMBERSHIP.periodDays;
  const rows: [string, string][] = [
    [t.commerce, COMMERCE_NAME],
    [t.number, String(facts.id)],
    [t.member, facts.memberName ? `${facts.memberName} <${facts.memberEmail}>` : facts.memberEmail],
    [t.date, format.paidAt(facts.paidAt)],
    [t.concept, t.membership(periodDays, facts.planName ?? null)],
  ];
  if (facts.periodEndsAt != null) {
    const from = facts.periodEndsAt - periodDays * DAY_MS;
    rows.push([t.period, t.periodSpan(format.day(from), format.day(facts.periodEndsAt))]);
  }
  rows.push([t.amount, format.amount(facts.amountClp)]);
  if (facts.buyOrder !== undefined) rows.push([t.buyOrder, facts.buyOrder]);
  if (facts.cardLast4) rows.push([t.card, t.cardEnding(facts.cardLast4)]);
  if (facts.authorizationCode) rows.push([t.authorization, facts.authorizationCode]);
  return {
    rows,
    automatic: facts.automatic ? { charge: t.automatic, howToStop: t.howToStop } : null,
    test: facts.isTest ? t.test : null,
  };
}

// Buying a gift of membership: 1, 3 or 12 months for an email address, paid through Webpay Plus like a
// membership (the page's hidden Webpay form posts it). The prices are the server's (GET /api/plans `gifts`).
import { type FormEvent, useId, useState } from "react";
import { GIFTS, type GiftMonths } from "../../worker/shared/rules";
import { Select, TextArea, TextField } from "../components/Field";
import { formatClp } from "../components/format";
import { Icon } from "../components/Icon";
import { ICON_SHAPES } from "../components/icon-shapes";
import { TEXT } from "../text";

export type GiftOrder = { plan_months: GiftMonths; recipient_email: string; message?: string };

export function GiftForm({
  prices,
  busy,
  onGive,
}: {
  prices: readonly { months: number; amount_clp: number }[];
  busy: boolean;
  onGive: (order: GiftOrder) => void;
}) {
  const titleId = useId();
  const [months, setMonths] = useState<`${GiftMonths}`>("1");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const priceOf = (m: number) => prices.find((p) => p.months === m)?.amount_clp ?? 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const order: GiftOrder = { plan_months: Number(months) as GiftMonths, recipient_email: email.trim() };
    if (message.trim()) order.message = message.trim();
    onGive(order);
  };
  const labels = Object.fromEntries(
    GIFTS.months.map((m) => [`${m}`, TEXT.payment.giftLength(m, formatClp(priceOf(m)))]),
  ) as Record<`${GiftMonths}`, string>;
  return (
    <section className="card pricing-gift" aria-labelledby={titleId}>
      <h2 id={titleId}>
        <Icon shape={ICON_SHAPES.sparkle} size={16} /> {TEXT.payment.giftTitle}
      </h2>
      <p className="muted">{TEXT.payment.giftLead}</p>
      <form className="stack" onSubmit={submit}>
        <Select<`${GiftMonths}`>
          label={TEXT.payment.giftMonths}
          value={months}
          options={GIFTS.months.map((m) => `${m}` as const)}
          optionLabels={labels}
          onValue={setMonths}
        />
        <TextField
          label={TEXT.payment.giftEmail}
          type="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextArea
          label={TEXT.payment.giftMessage}
          maxLength={GIFTS.messageMax}
          rows={3}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !email.trim()} aria-busy={busy}>
          {TEXT.payment.giftPay(formatClp(priceOf(Number(months))))}
        </button>
      </form>
    </section>
  );
}

// docs/spec.md §2/§4 Payment return. The server already committed (or refused) the payment before sending
// the browser here; the loader asks it for the verified result.
import type { LoaderFunctionArgs } from "react-router";
import { MEMBERSHIP } from "../../worker/shared/rules";
import { ApiRequestError, api, unwrap } from "../api";
import { TEXT } from "../text";

const isTrue = (v: string | null) => v === "true" || v === "1";
const isFalse = (v: string | null) => v === "false" || v === "0";

const confirmPayment = (amount: number) => unwrap(api.payments.confirm.$post({ json: { success: true, amount } }));

export async function payReturnLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const success = params.get("success");
  const amount = Number(params.get("amount")) > 0 ? Number(params.get("amount")) : MEMBERSHIP.priceClp;
  // Cancelled or failed at Webpay: straight to the error, no call.
  if (params.get("error") !== null || isFalse(success)) return { ok: false as const, message: TEXT.payment.cancelled };
  // A gift: paid, and emailed to its recipient; the buyer's own membership is not the question.
  if (isTrue(success) && params.get("gift") === "1")
    return { ok: true as const, message: TEXT.payment.giftSent, amount };
  if (!isTrue(success)) {
    // No parameters: shown as processed, with a best-effort confirmation whose failure is ignored.
    void confirmPayment(MEMBERSHIP.priceClp).catch(() => undefined);
    return { ok: true as const, message: TEXT.payment.processed, amount: null };
  }
  try {
    await confirmPayment(amount);
    return { ok: true as const, message: TEXT.payment.success, amount };
  } catch (err) {
    // A reply that is not OK: not verified. No reply at all: the network failed.
    return {
      ok: false as const,
      message: err instanceof ApiRequestError ? TEXT.payment.verificationFailed : TEXT.payment.verificationNetwork,
    };
  }
}

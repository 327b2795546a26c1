// The pricing page's action: starting a payment (docs/client.md#writes). It loads with the pricing
// screen (the route's lazy action), not with the app's shell.
import { MEMBERSHIP } from "../../worker/shared/rules";
import { type Answer, ApiRequestError, api, errorText, unwrap } from "../api";
import { autorenewAction, isAutorenewIntent } from "../autorenew/actions";
import { type ActionResult, readIntent } from "../data/actions";
import { sendIdempotent } from "../idempotent";
import { TEXT } from "../text";

/** The pricing page's writes: a payment (intent "pay") or automatic renewal's (client/autorenew/actions.ts). */
export async function pricingAction({ request }: { request: Request }) {
  const body = await readIntent<{ intent?: string }>(request);
  return isAutorenewIntent(body) ? autorenewAction(body) : startPayment();
}

/**
 * Starts a payment (the pay button's fetcher): the Webpay form to post, or the membership when it is
 * already active. A refusal shows the server's text, a failed request the network text.
 */
async function startPayment(): Promise<ActionResult<Answer<typeof api.payments.initiate.$post>>> {
  try {
    return {
      ok: true,
      value: await unwrap(
        sendIdempotent((o) =>
          api.payments.initiate.$post({ json: { amount: MEMBERSHIP.priceClp, provider: MEMBERSHIP.provider } }, o),
        ),
      ),
    };
  } catch (err) {
    return {
      ok: false,
      error:
        err instanceof ApiRequestError ? errorText(err, TEXT.payment.initiateFailed) : TEXT.payment.initiateNetwork,
    };
  }
}

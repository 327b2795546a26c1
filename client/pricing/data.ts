import { redirect } from "react-router";
import { MEMBERSHIP } from "../../worker/shared/rules";
import { api, ApiRequestError, errorText, unwrap, type Answer } from "../api";
import { skipAfter, type ActionResult } from "../data/actions";
import { TEXT } from "../text";
import { fetchMembershipStatus } from "../session/membership";
import type { SessionStore } from "../session/session-store";

/** Admins have the library already; a member sees their membership status (null when it could not be loaded). */
export async function pricingLoader(session: SessionStore) {
  const user = await session.currentUser();
  if (user?.role === "admin") throw redirect("/app/resources");
  if (!user) return { membership: null, statusFailed: false };
  return fetchMembershipStatus().then(
    (membership) => ({ membership, statusFailed: false }),
    () => ({ membership: null, statusFailed: true }),
  );
}

export const PRICING_PATH = "/pricing";

/**
 * Starts a payment (the pay button's fetcher): the Webpay form to post, or the membership when it is
 * already active. A refusal shows the server's text, a failed request the network text.
 */
export async function pricingAction(): Promise<ActionResult<Answer<typeof api.payments.initiate.$post>>> {
  try {
    return { ok: true, value: await unwrap(api.payments.initiate.$post({ json: { amount: MEMBERSHIP.priceClp, provider: MEMBERSHIP.provider } })) };
  } catch (err) {
    return { ok: false, error: err instanceof ApiRequestError ? errorText(err, TEXT.payment.initiateFailed) : TEXT.payment.initiateNetwork };
  }
}

/** The answer is the new state (a checkout to post, or the active membership): nothing to load again. */
export const skipAfterPay = skipAfter("pay");

// The gift link's page (/gift#code=...): the code travels in the fragment (no server sees it in a log). A
// signed-out visitor's code waits in this tab's sessionStorage while they sign in; the sign-in comes back here.
import { ApiRequestError, api, errorText, unwrap } from "../api";
import type { SessionStore } from "../session/session-store";
import { TEXT } from "../text";

export const GIFT_PATH = "/gift";
const PENDING_GIFT = "cosmic:gift-code";

/** Whether a gift code waits for the sign-in to finish (the auth callback then comes back to the gift page). */
export const hasPendingGift = () => sessionStorage.getItem(PENDING_GIFT) !== null;

export type GiftView =
  | { kind: "no_code" }
  | { kind: "sign_in" }
  | { kind: "redeemed"; months: number }
  | { kind: "failed"; message: string };

/** Redeems the link's code for the signed-in member (the server refuses a used or expired one with its reason). */
export async function giftLoader(session: SessionStore): Promise<GiftView> {
  const code = new URLSearchParams(window.location.hash.slice(1)).get("code") ?? sessionStorage.getItem(PENDING_GIFT);
  if (!code) return { kind: "no_code" };
  if (!(await session.currentUser())) {
    sessionStorage.setItem(PENDING_GIFT, code);
    return { kind: "sign_in" };
  }
  sessionStorage.removeItem(PENDING_GIFT);
  try {
    const { months } = await unwrap(api.gifts.redeem.$post({ json: { code } }));
    return { kind: "redeemed", months };
  } catch (err) {
    return {
      kind: "failed",
      message: err instanceof ApiRequestError ? errorText(err, TEXT.payment.redeemFailed) : TEXT.payment.redeemFailed,
    };
  }
}

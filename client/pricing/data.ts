import { redirect } from "react-router";
import { skipAfter } from "../data/actions";
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

/** The answer is the new state (a checkout to post, or the active membership): nothing to load again. */
export const skipAfterPay = skipAfter("pay");

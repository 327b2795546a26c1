import { redirect } from "react-router";
import { type Answer, api, unwrap } from "../api";
import { skipAfter } from "../data/actions";
import { fetchMembershipStatus } from "../session/membership";
import type { SessionStore } from "../session/session-store";

export type OfferedPlan = Answer<typeof api.plans.$get>["plans"][number];

/** The plans and gifts on offer; null when they could not be read (the page then offers the specification's plan). */
const fetchOffer = () =>
  unwrap(api.plans.$get()).then(
    (answer) => (answer.plans.length ? answer : null),
    () => null,
  );

/**
 * The plans on offer, for everyone; admins have the library already; a member also sees their membership status
 * (null when it could not be loaded).
 */
export async function pricingLoader(session: SessionStore) {
  const user = await session.currentUser();
  if (user?.role === "admin") throw redirect("/app/resources");
  const offer = fetchOffer().then((o) => ({ plans: o?.plans ?? null, gifts: o?.gifts ?? null }));
  if (!user) return { membership: null, statusFailed: false, ...(await offer) };
  const status = fetchMembershipStatus().then(
    (membership) => ({ membership, statusFailed: false }),
    () => ({ membership: null, statusFailed: true }),
  );
  return { ...(await status), ...(await offer) };
}

export const PRICING_PATH = "/pricing";

/** The answer is the new state (a checkout to post, or the active membership): nothing to load again. */
export const skipAfterPay = skipAfter("pay");

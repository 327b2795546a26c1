import { redirect } from "react-router";
import { GIFT_PATH, hasPendingGift } from "../payments/gift-data";
import type { SessionStore } from "../session/session-store";

/** Google's return: exchanges the code for a session, then the lounge; any failure goes back to the landing page. */
export async function authCallbackLoader(session: SessionStore, request: Request) {
  try {
    await session.exchangeCodeForSession(new URL(request.url).search);
    // A gift link opened while signed out: back to it, to redeem the code it left.
    return redirect(hasPendingGift() ? GIFT_PATH : "/app/lounge");
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return redirect("/");
  }
}

// The route guards of the spec (signed in, paid, admin) as loader steps: each returns the signed-in
// user or throws the router's redirect, so a screen never renders for a visitor it is not for.
import { redirect } from "react-router";
import { hasPaidAccess } from "../../worker/shared/rules";
import { fetchMembershipStatus } from "./membership";
import type { SessionStore } from "./session-store";

/** No user goes to the landing page. */
export async function requireUser(session: SessionStore) {
  const user = await session.currentUser();
  if (!user) throw redirect("/");
  return user;
}

/** Non-admins go to the lounge. */
export async function requireAdmin(session: SessionStore) {
  const user = await requireUser(session);
  if (user.role !== "admin") throw redirect("/app/lounge");
  return user;
}

/** Members without a paid membership (the server says; a failed check counts as none) go to /pricing; admins pass. */
export async function requirePaid(session: SessionStore) {
  const user = await requireUser(session);
  if (user.role === "admin") return user;
  const paid = await fetchMembershipStatus().then(
    (m) => hasPaidAccess(m.status),
    () => false,
  );
  if (!paid) throw redirect("/pricing");
  return user;
}

/**
 * Runs a guard and a screen's data request at the same time; the guard's redirect wins, and the data
 * request's failure is only reported once the guard has let the visitor through.
 */
export async function guarded<T>(guard: Promise<unknown>, load: () => Promise<T>): Promise<T> {
  const data = load();
  data.catch(() => undefined);
  await guard;
  return data;
}

import { useEffect, useState, type ReactNode } from "react";
import { Navigate } from "react-router";
import { useSession } from "../session/session-context";
import { hasPaidAccess } from "../../worker/shared/rules";
import { fetchMembershipStatus } from "../session/membership";
import { FullPageSpinner } from "./Spinner";

export type Access = "user" | "paid" | "admin";

/**
 * SPEC §2 route guard: a spinner while the session loads; no user goes to /; non-admins on admin
 * routes go to /app/lounge; non-admins without a paid membership (the server says) go to /pricing.
 */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { user, pending } = useSession();
  const needsMembershipCheck = access === "paid" && !!user && user.role !== "admin";
  const [paid, setPaid] = useState<boolean | null>(null);

  useEffect(() => {
    if (!needsMembershipCheck) return;
    let live = true;
    setPaid(null);
    fetchMembershipStatus()
      .then((m) => live && setPaid(hasPaidAccess(m.status)))
      .catch(() => live && setPaid(false));
    return () => {
      live = false;
    };
  }, [needsMembershipCheck, user?.id]);

  if (pending) return <FullPageSpinner />;
  if (!user) return <Navigate to="/" replace />;
  if (access === "admin" && user.role !== "admin") return <Navigate to="/app/lounge" replace />;
  if (needsMembershipCheck) {
    if (paid === null) return <FullPageSpinner />;
    if (!paid) return <Navigate to="/pricing" replace />;
  }
  return <>{children}</>;
}

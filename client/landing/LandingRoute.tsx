import { useCallback } from "react";
import { useNavigate } from "react-router";
import type { SessionStore } from "../session/session-store";
import { mountLanding } from "./landing";

/** The landing page inside the app (after signing out): the same DOM the first visit builds without React. */
export function LandingRoute({ session }: { session: SessionStore }) {
  const navigate = useNavigate();
  // A ref callback with cleanup (React 19): the page lives exactly as long as its container.
  const mount = useCallback(
    (root: HTMLDivElement | null) =>
      root ? mountLanding(root, session, () => void navigate("/app/lounge", { replace: true })) : undefined,
    [session, navigate],
  );
  return <div ref={mount} />;
}

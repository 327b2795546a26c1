import { useEffect } from "react";
import { useNavigate } from "react-router";
import { TEXTS } from "../../worker/shared/texts";
import { FullPageSpinner } from "../components/Spinner";
import { useSession } from "../session/session-context";

export default function AuthCallbackPage() {
  const { store } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    store
      .exchangeCodeForSession(window.location.search)
      .then(() => navigate("/app/lounge", { replace: true }))
      .catch((err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        navigate("/", { replace: true });
      });
  }, [store, navigate]);
  return <FullPageSpinner text={TEXTS.session.completing} />;
}

import { useEffect, useState } from "react";
import { TEXTS } from "../../worker/shared/texts";
import { api, unwrap } from "../api";

/**
 * Shown on every page while payments go to Transbank's integration environment or the local
 * emulator (GET /api/payments/mode): nobody should mistake a test checkout for a real one.
 */
export function TestModeBanner() {
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    let live = true;
    unwrap(api.payments.mode.$get()).then(
      (m) => live && setTestMode(m.mode !== "production"),
      () => undefined, // no answer: no banner (checkout itself still says what is wrong)
    );
    return () => {
      live = false;
    };
  }, []);
  if (!testMode) return null;
  return (
    <p className="test-mode-banner" role="note">
      {TEXTS.payment.testModeBanner}
    </p>
  );
}

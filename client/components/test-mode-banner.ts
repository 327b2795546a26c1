// The "Test mode: no real charges" banner, shown on every page (the landing and the app) while
// payments go to Transbank's integration environment or the local emulator (GET /api/payments/mode),
// so nobody mistakes a test checkout for a real one. Plain DOM: the landing page loads no React.
import type { InferResponseType } from "hono/client";
import type { api } from "../api";
import { loadWords, subscribeLanguage } from "../i18n/language";
import { TEXT } from "../text";

type PaymentMode = InferResponseType<typeof api.payments.mode.$get, 200>;

/**
 * Asks the payment mode and, unless it is production, fixes the banner to the bottom of the window
 * (theme.css `html.test-mode`: it arrives after the first paint, so it takes no room in the flow).
 */
export async function showTestModeBanner(body: HTMLElement = document.body): Promise<void> {
  let mode: PaymentMode["mode"];
  try {
    const res = await fetch("/api/payments/mode", { credentials: "same-origin" });
    if (!res.ok) return;
    const answer: PaymentMode = await res.json();
    mode = answer.mode;
  } catch {
    return; // no answer: no banner (checkout itself still says what is wrong)
  }
  if (mode === "production") return;
  // Its text is the payment screens' (a first visit elsewhere has not loaded them); a language change reloads them.
  try {
    await loadWords(["checkout"]);
  } catch {
    return;
  }
  if (body.querySelector(".test-mode-banner")) return;
  const banner = document.createElement("p");
  banner.className = "test-mode-banner";
  banner.setAttribute("role", "note");
  banner.textContent = TEXT.payment.testModeBanner;
  subscribeLanguage(() => (banner.textContent = TEXT.payment.testModeBanner));
  document.documentElement.classList.add("test-mode");
  body.appendChild(banner);
}

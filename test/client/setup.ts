import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// jsdom has HTMLDialogElement but not its modal methods. The minimum the Modal component uses:
// showModal() opens (the `open` attribute, so the dialog is in the accessibility tree) and close()
// closes and fires `close`, as browsers do. Focus trapping and inertness are the browser's; the
// Chromium tests (test/e2e/dialogs.e2e.ts) cover those.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

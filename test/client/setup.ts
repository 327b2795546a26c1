import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { loadWords } from "../../client/i18n/language";
import { WORDS, type WordGroup } from "../../client/i18n/word-groups";
import { endTest, startTest, strayReports, trapReports } from "./reported-errors";

trapReports();

// jsdom does not know HTML's <search> element (browsers have it since 2023) and makes it an
// HTMLUnknownElement, which React warns about. The element is a plain HTMLElement: say so.
const createElement = Document.prototype.createElement;
Document.prototype.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
  const element = createElement.call(this, tagName, options);
  if (tagName === "search") Object.defineProperty(element, Symbol.toStringTag, { value: "HTMLElement" });
  return element;
} as typeof createElement;

// jsdom has HTMLDialogElement but not its modal methods. The minimum the Modal component uses:
// showModal() opens (the `open` attribute, so the dialog is in the accessibility tree), close()
// closes and fires `close`, and Escape that no handler prevented fires a cancelable `cancel` at the
// topmost open dialog, closing it unless cancelled, as browsers do. Focus trapping and inertness are
// the browser's; the Chromium tests (test/e2e/dialogs.e2e.ts) cover those.
if (!HTMLDialogElement.prototype.showModal) {
  window.addEventListener(
    "keydown",
    (e) => {
      if (e.key !== "Escape") return;
      // The browser's default action runs after the event's dispatch: wait for it to finish.
      queueMicrotask(() => {
        const top = Array.from(document.querySelectorAll("dialog[open]")).pop();
        if (e.defaultPrevented || !(top instanceof HTMLDialogElement)) return;
        if (top.dispatchEvent(new Event("cancel", { cancelable: true }))) top.close();
      });
    },
    { capture: true },
  );
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

// Every screen's words, as the screens' routes load them: the tests read `TEXT.<section>` for the
// texts they expect, also before the screen that loads a section has rendered.
await loadWords(Object.keys(WORDS) as WordGroup[]);

// CI machines are shared and slow: a find/waitFor gives the page up to 5 s (Testing Library's
// default is 1 s) before it fails. A condition that never holds still fails.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(startTest);

afterEach(() => {
  cleanup();
  const failure = endTest();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (failure) throw failure;
});

afterAll(() => {
  const failure = strayReports();
  if (failure) throw failure;
});

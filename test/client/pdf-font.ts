// The font the app's PDFs embed, served from its package to the fetch that loads it.
import fontDataUrl from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf?inline";
import { vi } from "vitest";

const networkFetch = globalThis.fetch;

/** Answers the PDF font's request (a .ttf) with the font's bytes; any other request goes to the fetch stub in place. */
export function servePdfFont() {
  const stubbed = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith(".ttf") ? networkFetch(fontDataUrl) : stubbed(input, init),
  );
}

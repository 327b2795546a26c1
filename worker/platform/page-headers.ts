// The headers of the pages the worker renders (worker/pages.ts). Cloudflare applies client/public/_headers to
// the static assets only, so a page the worker writes takes the same security headers from that file (one
// source), with the CSP's script-src allowing that page's inline scripts by a nonce made for it, and says how
// it may be cached.
import headersFile from "../../client/public/_headers?raw";

/** The headers `_headers` gives every path (its `/*` block). */
function everyPathHeaders(file: string): [string, string][] {
  const lines = file.split("\n");
  const start = lines.findIndex((line) => line.trim() === "/*");
  const headers: [string, string][] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line)) break;
    const colon = line.indexOf(":");
    headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return headers;
}
const SECURITY_HEADERS = everyPathHeaders(headersFile);
if (!SECURITY_HEADERS.some(([name]) => name === "Content-Security-Policy"))
  throw new Error("client/public/_headers: no Content-Security-Policy for /*");

/** A fresh nonce for one page's inline scripts (128 random bits). */
export const newNonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

/**
 * How a page may be kept. Anything shown to a signed-in member is theirs alone (`private, no-store`); the
 * public pages a signed-out visitor sees (the landing, /pricing) are the same for everyone of a language, so
 * a shared cache may keep them briefly, apart by cookie and language.
 */
export const CACHE_CONTROL = {
  personal: "private, no-store",
  public: "public, max-age=60, s-maxage=300",
} as const;

export function pageHeaders(nonce: string, cache: keyof typeof CACHE_CONTROL): Headers {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": CACHE_CONTROL[cache] });
  for (const [name, value] of SECURITY_HEADERS) {
    headers.set(
      name,
      name === "Content-Security-Policy"
        ? value.replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
        : value,
    );
  }
  if (cache === "public") headers.set("Vary", "Cookie, Accept-Language");
  return headers;
}

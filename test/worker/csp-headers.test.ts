// The app's static headers (client/public/_headers, served by Cloudflare with the production build):
// the Content-Security-Policy and the other security headers the issue names.
import { describe, expect, it } from "vitest";
import headersFile from "../../client/public/_headers?raw";

/** The headers of one `_headers` path block, by lower-cased name. */
function block(path: string): Record<string, string> {
  const lines = headersFile.split("\n");
  const start = lines.findIndex((l) => l.trim() === path && !l.startsWith(" "));
  expect(start, `a ${path} block`).toBeGreaterThanOrEqual(0);
  const out: Record<string, string> = {};
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\S/.test(line)) break;
    const i = line.indexOf(":");
    out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name.toLowerCase(), values]),
  );
}

describe("client/public/_headers", () => {
  const all = block("/*");
  const csp = directives(all["content-security-policy"] ?? "");

  it("has a CSP that only runs the app's own scripts and cannot be framed or rebased", () => {
    expect(csp["script-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'none'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    // No inline or eval'd script anywhere.
    for (const values of Object.values(csp)) {
      expect(values).not.toContain("'unsafe-eval'");
    }
    expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("lets forms post only to the app and to Transbank's Webpay hosts (integration and production)", () => {
    expect(csp["form-action"]).toEqual(
      expect.arrayContaining(["'self'", "https://webpay3g.transbank.cl", "https://webpay3gint.transbank.cl"]),
    );
    expect(csp["form-action"].every((v) => v === "'self'" || /^https:\/\/webpay3g(int)?\.transbank\.cl$/.test(v))).toBe(
      true,
    );
  });

  it("sets HSTS of at least a year, nosniff and a referrer policy", () => {
    const maxAge = Number(/max-age=(\d+)/.exec(all["strict-transport-security"] ?? "")?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(all["x-content-type-options"]).toBe("nosniff");
    expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(
      all["referrer-policy"],
    );
  });
});

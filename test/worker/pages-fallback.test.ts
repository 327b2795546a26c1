// The page the browser renders alone (worker/pages.ts `shell`), as before the worker rendered pages: what a render
// that throws answers (its error logged), and every page with SERVER_RENDERING=off (the benchmark's old mode).
import { expect, it } from "vitest";
import { call, signIn } from "./helpers";

it("SERVER_RENDERING=off answers the client-rendered shell, private, with the page's headers", async () => {
  const cookie = await signIn("shell@example.com", "Shell Soul");
  const res = await call("/app/lounge", { cookie, env: { SERVER_RENDERING: "off" } });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  expect(res.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-[^']+';/);
  const html = await res.text();
  // index.html as the assets have it (the build's, or none in a fresh checkout), without the screen or its data.
  expect(html).toContain('<div id="root">');
  expect(html).not.toContain("Cosmic Notice Board");
  expect(html).not.toContain("rendered-page");
  // Rendered, the same request carries the screen.
  expect(await (await call("/app/lounge", { cookie })).text()).toContain("rendered-page");
});

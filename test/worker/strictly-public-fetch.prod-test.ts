// Runs only in the production-flags project (production-flags.config.ts): the worker with
// global_fetch_strictly_public, the real global fetch (not stubbed) and a live server on 127.0.0.1.
// Miniflare's "internet" service allows private addresses on purpose, so the flag alone does not stop
// a local fetch; this proves the link preview's own checks refuse the address before any request.
import { describe, expect, inject, it } from "vitest";
import { call, json, signIn } from "./helpers";

const port = inject("privateServerPort");
const received = async () =>
  (await (await fetch(`http://127.0.0.1:${port}/requests`)).json<{ received: number }>()).received;

describe("link previews of private addresses with the production flags and the real network", () => {
  it("the private server is reachable from this workerd, so a refusal below is the app's doing", async () => {
    const before = await received();
    expect((await fetch(`http://127.0.0.1:${port}/probe`)).status).toBe(200);
    expect(await received()).toBe(before + 1);
  });

  it.each([
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://2130706433:${port}/`,
  ])("refuses %s with 400 and the server sees no request", async (url) => {
    const cookie = await signIn("prod-flags@example.com");
    const before = await received();
    const res = await call("/api/link-preview", { method: "POST", json: { url }, cookie });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBeTruthy();
    expect(await received()).toBe(before);
  });
});

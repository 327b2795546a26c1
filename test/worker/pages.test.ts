// The pages the worker renders (worker/pages.ts, client/server-render.tsx): the guards before any HTML, the
// lounge's first screen with its data, errors with their status and error element, and the headers.
import { describe, expect, it } from "vitest";
import { call, signIn } from "./helpers";

describe("rendered pages", () => {
  it("renders the lounge", async () => {
    const cookie = await signIn("ssr@example.com", "Ssr Soul");
    const res = await call("/app/lounge", { cookie });
    const text = await res.text();
    console.log(res.status, [...res.headers], text.slice(0, 3000));
    expect(res.status).toBe(200);
  }, 120_000);
});

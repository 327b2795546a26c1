import { describe, expect, it } from "vitest";
import { call, json, setCookies, signIn } from "./helpers";

describe("D1 sessions with bookmarks", () => {
  it("hands the member a bookmark after a write and reads their write through it", async () => {
    const cookie = await signIn("nova@example.com", "Nova");
    const first = await call("/api/users/me", { cookie });
    const bookmark = setCookies(first).d1_bookmark;
    expect(bookmark).toMatch(/^[\w-]+$/);
    const line = first.headers.getSetCookie().find((l) => l.startsWith("d1_bookmark="))!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Path=\/api/);

    const again = await call("/api/users/me", { cookie: `${cookie}; d1_bookmark=${bookmark}` });
    expect(again.status).toBe(200);
    expect((await json(again)).name).toBe("Nova");
  });

  it("ignores a malformed bookmark instead of failing", async () => {
    const cookie = await signIn("nova@example.com");
    const res = await call("/api/users/me", {
      cookie: `${cookie}; d1_bookmark=${encodeURIComponent("'; DROP TABLE users; --")}`,
    });
    expect(res.status).toBe(200);
  });
});

// Error codes: every error body is { error, code, details? } with `code` a key of API_ERRORS
// (worker/shared/texts.ts), so the client can translate by code while `error` keeps the English text.
import { describe, expect, it } from "vitest";
import { ERROR_CODE_BY_STATUS } from "../../worker/platform/errors";
import { LIMITS } from "../../worker/shared/rules";
import { API_ERRORS, type ErrorCode, errorCodeOf, errorText, TEXTS } from "../../worker/shared/texts";
import { api, call, errorBody, signIn } from "./helpers";

describe("the error catalogue", () => {
  const entries = Object.entries(API_ERRORS) as [ErrorCode, unknown][];

  it("gives every text one code of its own: codes are snake_case keys and no two codes share a text", () => {
    for (const [code] of entries) expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
    const texts = entries.filter(([, entry]) => typeof entry === "string").map(([, text]) => text);
    expect(new Set(texts).size).toBe(texts.length);
    for (const [code, entry] of entries) if (typeof entry === "string") expect(errorCodeOf(entry)).toBe(code);
    // Texts with arguments are distinct functions too, and produce their code.
    const functions = entries.filter(([, entry]) => typeof entry === "function");
    expect(new Set(functions.map(([, f]) => f)).size).toBe(functions.length);
    expect(errorText("ai_busy", "OpenAI")).toEqual({ code: "ai_busy", text: TEXTS.ai.busy("OpenAI") });
  });

  it("has an entry for every status's fallback code", () => {
    for (const code of Object.values(ERROR_CODE_BY_STATUS)) expect(API_ERRORS).toHaveProperty(code!);
  });
});

describe("error bodies carry the code", () => {
  it(`answers a validation failure with the code of the schema's text, zod's own texts with \
invalid_input`, async () => {
    const cookie = await signIn("luna@example.com");
    const tooLong = await api(cookie).posts.$post({ json: { content: "a".repeat(LIMITS.postMax + 1) } });
    expect(tooLong.status).toBe(400);
    expect(await errorBody(tooLong)).toMatchObject({
      error: `content: ${TEXTS.lounge.postTooLong}`,
      code: "post_too_long",
      details: expect.any(Array),
    });
    const wrongType = await call("/api/groups", { method: "POST", cookie, json: { name: "ok", is_private: "yes" } });
    expect(wrongType.status).toBe(400);
    expect((await errorBody(wrongType)).code).toBe("invalid_input");
    const control = await call("/api/posts", { method: "POST", cookie, json: { content: "a\u0000b" } });
    expect(await errorBody(control)).toMatchObject({ code: "control_characters" });
  });

  it("answers thrown errors, 404s and permission refusals with their codes", async () => {
    const member = await signIn("luna@example.com");
    const admin = await signIn("admin@example.com");
    const missing = await api(member).posts[":id"].$delete({ param: { id: "999" } });
    expect(await errorBody(missing)).toEqual({ error: TEXTS.lounge.postNotFound, code: "post_not_found" });
    expect(await errorBody(await api(member).resources.$get({ query: {} }))).toEqual({
      error: TEXTS.resources.membershipRequired,
      code: "membership_required",
    });
    expect(await errorBody(await api().posts.$get({ query: {} }))).toEqual({
      error: TEXTS.api.unauthorized,
      code: "unauthorized",
    });
    expect(await errorBody(await call("/api/no-such-route"))).toEqual({ error: TEXTS.api.notFound, code: "not_found" });
    const self = await api(admin).admin.members.$get();
    const me = (await self.json()).find((m) => m.email === "admin@example.com")!;
    const ownRole = await api(admin).admin.members[":id"].$patch({
      param: { id: String(me.id) },
      json: { role: "member" },
    });
    expect(await errorBody(ownRole)).toEqual({ error: TEXTS.admin.cannotChangeOwnRole, code: "own_role_locked" });
    const channel = await (await api(admin).groups.$post({ json: { name: "Moon" } })).json();
    const manage = await api(member).groups[":id"].$delete({ param: { id: String(channel.id) } });
    expect(await errorBody(manage)).toEqual({
      error: API_ERRORS.channel_manage_forbidden,
      code: "channel_manage_forbidden",
    });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, sessions, users } from "../../worker/db/schema";
import { LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { api, call, db, errorBody, signIn } from "./helpers";

/** Raw, so that bad profiles can be sent too. */
const put = (cookie: string, body: unknown) => call("/api/profile", { method: "PUT", cookie, json: body });
const profileOf = async (cookie: string) => {
  const res = await api(cookie).profile.$get();
  expect(res.status).toBe(200);
  return res.json();
};

describe("GET/PUT /api/profile", () => {
  it("needs a session", async () => {
    expect((await call("/api/profile")).status).toBe(401);
    expect((await put("", { goals: [] })).status).toBe(401);
    expect((await call("/api/users/me", { method: "PATCH", json: { name: "x" } })).status).toBe(401);
  });

  it("returns the user and an empty profile as JSON-encoded text", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const body = await profileOf(cookie);
    expect(body.user).toMatchObject({
      email: "luna@example.com",
      name: "Luna",
      role: "member",
      bio: null,
      timezone: null,
    });
    expect(body.profile).toEqual({ goals: "[]", interests: "[]", socials: "{}" });
  });

  it("saves goals, interests and socials sent JSON-encoded (the spec's wire format) or decoded", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const encoded = await api(cookie).profile.$put({
      json: {
        goals: JSON.stringify(["Meditate daily", "  Read more  "]),
        interests: JSON.stringify(["Astrology"]),
        socials: JSON.stringify({ instagram: "https://instagram.com/luna" }),
      },
    });
    expect(encoded.status).toBe(200);
    const { profile } = await profileOf(cookie);
    expect(JSON.parse(profile.goals)).toEqual(["Meditate daily", "Read more"]);
    expect(JSON.parse(profile.interests)).toEqual(["Astrology"]);
    expect(JSON.parse(profile.socials)).toEqual({ instagram: "https://instagram.com/luna" });

    const decoded = await api(cookie).profile.$put({ json: { goals: ["Breathe"], interests: [], socials: {} } });
    expect(decoded.status).toBe(200);
    expect((await decoded.json()).profile).toEqual({ goals: '["Breathe"]', interests: "[]", socials: "{}" });
    // Another user's profile is untouched and separate.
    const other = await signIn("sol@example.com", "Sol");
    expect((await profileOf(other)).profile.goals).toBe("[]");
  });

  it("enforces the limits: entries count and length, blank entries, socials URLs and count, JSON shape", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    await api(cookie).profile.$put({ json: { goals: ["keep me"] } });
    const tooMany = Array.from({ length: LIMITS.profileEntriesMax + 1 }, (_, i) => `goal ${i}`);
    const cases: unknown[] = [
      { goals: tooMany },
      { interests: JSON.stringify(tooMany) },
      { goals: ["x".repeat(LIMITS.profileEntryMax + 1)] },
      { goals: ["   "] },
      { goals: [42] },
      { goals: "not json" },
      { goals: JSON.stringify({ a: 1 }) },
      { socials: { site: "javascript:alert(1)" } },
      { socials: { site: "ftp://example.com" } },
      { socials: JSON.stringify({ site: "not a url" }) },
      {
        socials: Object.fromEntries(
          Array.from({ length: LIMITS.socialsMax + 1 }, (_, i) => [`s${i}`, `https://example.com/${i}`]),
        ),
      },
      { socials: ["https://example.com"] },
      {},
    ];
    for (const body of cases) {
      const res = await put(cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof (await errorBody(res)).error).toBe("string");
    }
    const exact = Array.from({ length: LIMITS.profileEntriesMax }, () => "y".repeat(LIMITS.profileEntryMax));
    expect((await api(cookie).profile.$put({ json: { goals: exact } })).status).toBe(200);
    const [row] = await db().select().from(profiles);
    expect(JSON.parse(row.goals)).toHaveLength(LIMITS.profileEntriesMax);
  });
});

describe("the UI language on the profile (PUT /api/profile { language }, GET /api/users/me)", () => {
  const me = async (cookie: string) => (await api(cookie).users.me.$get()).json();

  it("is null until chosen, then saved on the caller's account only, alone or beside the lists", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    expect((await me(luna)).language).toBeNull();

    const saved = await api(luna).profile.$put({ json: { language: "es" } });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body.user.language).toBe("es");
    expect(body.profile).toEqual({ goals: "[]", interests: "[]", socials: "{}" });
    expect((await me(luna)).language).toBe("es");
    expect((await profileOf(luna)).user.language).toBe("es");
    expect((await me(sol)).language).toBeNull();

    // With the lists: both are saved; the lists alone leave the language as it was.
    expect((await api(luna).profile.$put({ json: { goals: ["Breathe"], language: "en" } })).status).toBe(200);
    expect((await me(luna)).language).toBe("en");
    expect(JSON.parse((await profileOf(luna)).profile.goals)).toEqual(["Breathe"]);
    expect((await api(luna).profile.$put({ json: { interests: ["Stars"] } })).status).toBe(200);
    expect((await me(luna)).language).toBe("en");
  });

  it("accepts only en or es, answering 400 with its code and saving nothing", async () => {
    const luna = await signIn("luna@example.com", "Luna");
    await api(luna).profile.$put({ json: { language: "es" } });
    for (const language of ["fr", "ES", "es-CL", "", null, 1, ["es"]]) {
      const res = await put(luna, { language, goals: ["should not be saved"] });
      expect(res.status, JSON.stringify(language)).toBe(400);
      expect((await errorBody(res)).code).toBe("language_invalid");
    }
    expect((await me(luna)).language).toBe("es");
    expect((await profileOf(luna)).profile.goals).toBe("[]");
    const [row] = await db()
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, "luna@example.com"));
    expect(row.language).toBe("es");
  });

  it("needs a session", async () => {
    expect((await put("", { language: "es" })).status).toBe(401);
  });
});

describe("PATCH /api/users/me", () => {
  it("updates name, bio and timezone; blank clears", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const res = await api(cookie).users.me.$patch({
      json: { name: "  Luna Bright ", bio: "Stargazer", timezone: "America/Santiago" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Luna Bright", bio: "Stargazer", timezone: "America/Santiago" });
    expect(await (await api(cookie).users.me.$get()).json()).toMatchObject({
      name: "Luna Bright",
      bio: "Stargazer",
      timezone: "America/Santiago",
    });

    const cleared = await api(cookie).users.me.$patch({ json: { bio: "", timezone: "" } });
    expect(await cleared.json()).toMatchObject({ name: "Luna Bright", bio: null, timezone: null });
  });

  it("refuses an unknown time zone, over-long name or bio, and fields it does not own", async () => {
    const cookie = await signIn("luna@example.com", "Luna");
    const badZone = await api(cookie).users.me.$patch({ json: { timezone: "Mars/Olympus_Mons" } });
    expect(badZone.status).toBe(400);
    expect((await errorBody(badZone)).error).toContain(TEXTS.profile.timezoneInvalid);
    expect((await api(cookie).users.me.$patch({ json: { name: "n".repeat(LIMITS.nameMax + 1) } })).status).toBe(400);
    expect((await api(cookie).users.me.$patch({ json: { bio: "b".repeat(LIMITS.bioMax + 1) } })).status).toBe(400);
    // Role and email are not the member's to change.
    expect((await call("/api/users/me", { method: "PATCH", cookie, json: { role: "admin" } })).status).toBe(400);
    expect((await call("/api/users/me", { method: "PATCH", cookie, json: { email: "x@example.com" } })).status).toBe(
      400,
    );
    const [row] = await db().select().from(users);
    expect(row).toMatchObject({ role: "member", email: "luna@example.com", name: "Luna", timezone: null });
  });
});

describe("sessions on the profile", () => {
  it("lists the caller's active sessions with the current one marked, without exposing session ids", async () => {
    const first = await signIn("luna@example.com", "Luna");
    const second = await signIn("luna@example.com", "Luna");
    await signIn("sol@example.com", "Sol");
    const res = await api(second).sessions.$get();
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(Object.keys(list[0]).sort()).toEqual(["created_at", "current", "expires_at", "id", "user_agent"]);
    const stored = (await db().select().from(sessions)).map((s) => s.id);
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{12}$/);
      expect(stored).not.toContain(s.id);
    }
    expect(JSON.stringify(list)).not.toContain(first.split("=")[1]);
    expect((await api().sessions.$get()).status).toBe(401);
  });

  it("signs out all other sessions of the caller only", async () => {
    const first = await signIn("luna@example.com", "Luna");
    const second = await signIn("luna@example.com", "Luna");
    const third = await signIn("luna@example.com", "Luna");
    const sol = await signIn("sol@example.com", "Sol");
    const res = await api(second).sessions.others.$delete();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, signed_out: 2 });
    const me = async (cookie: string) => (await api(cookie).users.me.$get()).status;
    expect(await me(second)).toBe(200);
    expect(await me(first)).toBe(401);
    expect(await me(third)).toBe(401);
    expect(await me(sol)).toBe(200);
    const lunaId = (await db().select().from(users).where(eq(users.email, "luna@example.com")))[0].id;
    expect(await db().select().from(sessions).where(eq(sessions.userId, lunaId))).toHaveLength(1);
    expect((await api().sessions.others.$delete()).status).toBe(401);
  });
});

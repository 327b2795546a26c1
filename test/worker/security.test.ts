// Security, round 2: one test per attack, each named "security round 2 attack N: <the attack>";
// `npx vitest run --config test/worker/vitest.config.ts -t "security round 2 attack"` runs exactly these seven.
// Each failed against the code before its fix. The ones whose area has its own suite live there,
// beside the wider checks of that area:
//   1 a chat socket outlives logout                                     socket-sessions.test.ts
//   2 a chunked 48 MB body to POST /api/posts                           body-caps.test.ts
//   3 cross-site GET /api/logout                                        logout-same-origin.test.ts
//   4 an upload typed `audio/mpeg;a=b, text/html`                       media-types.test.ts
//   5 adding an unknown email to a private channel reveals it has no account   here
//   6 Google sign-in with a different sub for an existing email         google-sign-in.test.ts
//   7 creating channels (or any write) without a rate limit             here (the limits themselves:
// rate-limits.test.ts)
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { isRateLimiter } from "../../worker/platform/rate-limit";
import { call, json, signIn } from "./helpers";
import { EMAILS, IDS, seedWorld } from "./seed";

type MembersList = {
  members: { id: number; name: string | null; email: string }[];
  invited: { id: number; email: string; invited_at: string }[];
};

describe("security round 2 attacks", () => {
  it("security round 2 attack 5: adding an unknown email to a private channel reveals it has no account", async () => {
    const world = await seedWorld();
    const owner = world.cookie.owner;
    const path = `/api/groups/${IDS.privateChannel}`;
    const invite = (email: string) => call(`${path}/members`, { method: "POST", cookie: owner, json: { email } });
    const membersList = async () => json<MembersList>(await call(`${path}/members`, { cookie: owner }));

    // The same status and the same body, but for the email itself: nothing tells an account from none.
    const known = await invite(EMAILS.member);
    const unknown = await invite("Stranger@Example.com");
    expect([known.status, unknown.status]).toEqual([201, 201]);
    expect(await known.json()).toEqual({ email: EMAILS.member, status: "invited" });
    expect(await unknown.json()).toEqual({ email: "stranger@example.com", status: "invited" });

    // The managers' list shows both alike: invited, by email, no name.
    const before = await membersList();
    expect(before.members.map((m) => m.email)).toEqual([EMAILS.paid]);
    expect(before.invited.map((i) => i.email)).toEqual(["invitee@example.com", EMAILS.member, "stranger@example.com"]);
    expect(new Set(before.invited.map((i) => Object.keys(i).sort().join()))).toEqual(new Set(["email,id,invited_at"]));

    // The known account hears of it and joins at its next channel list.
    const notifications = async (cookie: string | undefined) =>
      (
        await json<{ items: { kind: string; channel_id: number | null }[] }>(
          await call("/api/notifications", { cookie }),
        )
      ).items;
    expect(await notifications(world.cookie.member)).toEqual([
      expect.objectContaining({ kind: "channel_invite", channel_id: IDS.privateChannel }),
    ]);
    const channelNames = async (cookie: string) =>
      (await json<{ name: string }[]>(await call("/api/groups", { cookie }))).map((c) => c.name);
    expect(await channelNames(world.cookie.member!)).toContain("Private");

    // The unknown email binds when that person first signs in, and is told so.
    const stranger = await signIn("stranger@example.com", "Stranger");
    expect(await channelNames(stranger)).toContain("Private");
    expect(await notifications(stranger)).toEqual([
      expect.objectContaining({ kind: "channel_invite", channel_id: IDS.privateChannel }),
    ]);

    // A revoked invitation binds nothing.
    expect((await call(`${path}/invitations/${IDS.invitation}`, { method: "DELETE", cookie: owner })).status).toBe(200);
    expect((await call(`${path}/invitations/${IDS.invitation}`, { method: "DELETE", cookie: owner })).status).toBe(404);
    const invitee = await signIn("invitee@example.com", "Invitee");
    expect(await channelNames(invitee)).not.toContain("Private");

    const after = await membersList();
    expect(after.members.map((m) => m.email)).toEqual([EMAILS.paid, EMAILS.member, "stranger@example.com"]);
    expect(after.invited).toEqual([]);
  });

  it(`security round 2 attack 7: creating channels (or any other write) without a rate limit: every POST, PUT, \
PATCH and DELETE route has a limiter in its own chain`, () => {
    // Transbank's stand-in exists only in development (it answers 404 elsewhere) and takes server-to-server calls.
    const exempt = (path: string) => path.startsWith("/api/dev/webpay/");
    const writes = new Map<string, boolean>();
    for (const r of app.routes) {
      if (["GET", "HEAD", "OPTIONS", "ALL"].includes(r.method) || exempt(r.path)) continue;
      const key = `${r.method} ${r.path}`;
      writes.set(key, (writes.get(key) ?? false) || isRateLimiter(r.handler));
    }
    expect(writes.get("POST /api/groups")).toBe(true);
    expect(writes.size).toBeGreaterThan(40);
    expect([...writes].filter(([, limited]) => !limited).map(([route]) => route)).toEqual([]);
  });
});

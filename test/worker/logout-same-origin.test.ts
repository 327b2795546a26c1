// Security round 2, attack 3: GET /api/logout (the spec's route) ends the session only for a same-origin request.
// A page on another site linking to it (or an <img> pointing at it) changes nothing.
import { describe, expect, it } from "vitest";
import { call, json, openSocket, setCookies } from "./helpers";
import { IDS, seedWorld } from "./seed";

const stillSignedIn = async (cookie: string) => expect((await call("/api/users/me", { cookie })).status).toBe(200);

describe("attack: another site logs a member out through GET /api/logout", () => {
  const crossSite: [string, Record<string, string>][] = [
    ["a cross-site link (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site" }],
    ["a sibling subdomain (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site" }],
    ["another Origin", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    [
      "another Origin claiming same-origin fetch metadata",
      { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
    ],
    ["a request with neither Origin nor Sec-Fetch-Site", {}],
  ];
  for (const [name, headers] of crossSite) {
    // The first case is the security suite's test of this attack (test/worker/security.test.ts lists them).
    const title = name === crossSite[0][0] ? `security round 2 attack 3: cross-site GET /api/logout (${name})` : name;
    it(`${title}: 403, the session, its cookie and its chat socket stay`, async () => {
      const world = await seedWorld();
      const socket = await openSocket(IDS.publicChannel, world.cookie.member!);
      const res = await call("/api/logout", { cookie: world.cookie.member, headers });
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ error: "Cross-site request refused", code: "cross_site_refused" });
      // The D1 read-your-writes bookmark may be set; the session cookie is not touched.
      expect(setCookies(res)).not.toHaveProperty("session");
      await stillSignedIn(world.cookie.member!);
      expect(socket.closes).toEqual([]);
      socket.ws.close(1000, "done");
    });
  }

  it("the app's own request (Sec-Fetch-Site: same-origin) ends the session and clears the cookie", async () => {
    const world = await seedWorld();
    const res = await call("/api/logout", {
      cookie: world.cookie.member,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(200);
    expect(setCookies(res).session).toBe("");
    expect((await call("/api/users/me", { cookie: world.cookie.member })).status).toBe(401);
  });

  it("a same-origin request carrying Origin ends the session too", async () => {
    const world = await seedWorld();
    const res = await call("/api/logout", { cookie: world.cookie.member, headers: { origin: "http://localhost" } });
    expect(res.status).toBe(200);
    expect((await call("/api/users/me", { cookie: world.cookie.member })).status).toBe(401);
  });
});

// A refused renewal's grace in every figure that counts or filters members: the admin's member list (status), the
// admin's stats (active members) and search's paid access (the library's results) follow the paid routes' rule
// (worker/db/memberships.ts membershipCoversSql): a membership past its due date covers the member while
// `grace_until` is ahead, and not once it has passed.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { memberships } from "../../worker/db/schema";
import type { SearchResult } from "../../worker/shared/search";
import { call, db, json } from "./helpers";
import { IDS, seedWorld, type World } from "./seed";

const DAY = 24 * 60 * 60 * 1000;

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});

/** The paying member's renewal lapsed an hour ago; its grace ends `graceFromNow` ms from now. */
const lapsedWithGrace = (graceFromNow: number) =>
  db()
    .update(memberships)
    .set({ nextPaymentDue: new Date(Date.now() - 60 * 60 * 1000), graceUntil: new Date(Date.now() + graceFromNow) })
    .where(eq(memberships.userId, IDS.paid));

async function figures() {
  const admin = world.cookie.admin;
  const members = await json<{ id: number; status: string }[]>(await call("/api/admin/members", { cookie: admin }));
  const stats = await json<{ active_members: number }>(await call("/api/admin/stats", { cookie: admin }));
  const search = await call("/api/search?q=guide&kind=resource", { cookie: world.cookie.paid });
  expect(search.status).toBe(200);
  const { results } = await json<{ results: SearchResult[] }>(search);
  return {
    listed: members.find((m) => m.id === IDS.paid)?.status,
    active: stats.active_members,
    library: results.map((r) => r.kind),
  };
}

describe("a refused renewal's grace in the admin's figures and search", () => {
  it("counts a member in the grace as active: the member list, the stats and search's paid access", async () => {
    const before = await figures();
    expect(before).toEqual({ listed: "active", active: 2, library: ["resource"] });
    await lapsedWithGrace(2 * DAY);
    expect(await figures()).toEqual(before);
  });

  it("and not once the grace has ended", async () => {
    await lapsedWithGrace(-60 * 1000);
    expect(await figures()).toEqual({ listed: "inactive", active: 1, library: [] });
  });
});

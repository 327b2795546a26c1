// Cohort events: an event may name a program; in GET /api/events a member enrolled in that program sees
// its events first, then the rest in the usual order (and never twice across pages), while a member not enrolled
// sees the usual order; ?program= lists one program's events (its page); a program that does not exist is refused.
import { beforeEach, describe, expect, it } from "vitest";
import type { EventDto } from "../../worker/shared/events";
import { call, errorBody, json } from "./helpers";
import { IDS, seedWorld, type World } from "./seed";

type Who = keyof World["cookie"];
let world: World;
const cookie = (who: Who) => world.cookie[who];

const base = { start_local: "2027-04-03T20:00", end_local: "2027-04-03T21:30", location: "online" };

async function createEvent(title: string, day: string, fields: Record<string, unknown> = {}): Promise<EventDto> {
  const res = await call("/api/events", {
    method: "POST",
    json: { ...base, title, start_local: `${day}T20:00`, end_local: `${day}T21:00`, ...fields },
    cookie: cookie("admin"),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<EventDto>(res);
}

const list = async (who: Who, query = "") =>
  json<{ events: EventDto[]; next_cursor: string | null }>(
    await call(`/api/events?from=2027-01-01T00:00:00Z${query}`, { cookie: cookie(who) }),
  );
const titles = (page: { events: EventDto[] }) => page.events.map((e) => e.title);

beforeEach(async () => {
  world = await seedWorld();
  // The seeded program: the owner is enrolled, the member is not.
  await createEvent("Early open", "2027-05-01");
  await createEvent("Cohort late", "2027-06-01", { program_id: IDS.program });
  await createEvent("Middle open", "2027-05-15");
  await createEvent("Cohort early", "2027-05-20", { program_id: IDS.program });
});

describe("cohort events", () => {
  it("an enrolled member sees the program's events first, then the rest in the usual order", async () => {
    expect(titles(await list("owner"))).toEqual(["Cohort early", "Cohort late", "Early open", "Middle open"]);
    const page = await list("owner");
    expect(page.events[0].program_id).toBe(IDS.program);
    expect(page.events[2].program_id).toBeNull();
  });

  it("a member not enrolled sees the usual order", async () => {
    expect(titles(await list("member"))).toEqual(["Early open", "Middle open", "Cohort early", "Cohort late"]);
  });

  it("enrolling moves them first; the pages after the first never repeat them", async () => {
    expect(
      (await call(`/api/programs/${IDS.program}/enrol`, { method: "POST", cookie: cookie("member") })).status,
    ).toBe(200);
    const first = await list("member", "&limit=1");
    expect(titles(first)).toEqual(["Cohort early", "Cohort late", "Early open"]);
    const seen = [...titles(first)];
    let cursor = first.next_cursor;
    while (cursor) {
      const next = await list("member", `&limit=1&cursor=${cursor}`);
      seen.push(...titles(next));
      cursor = next.next_cursor;
    }
    // Every cohort event on the first page (whatever the limit), the others a page at a time, none twice.
    expect(seen).toEqual(["Cohort early", "Cohort late", "Early open", "Middle open"]);
  });

  it("?program= lists one program's events, and an event may not name a program that does not exist", async () => {
    expect(titles(await list("member", `&program=${IDS.program}`))).toEqual(["Cohort early", "Cohort late"]);
    const res = await call("/api/events", {
      method: "POST",
      json: { ...base, title: "Nowhere", program_id: 999 },
      cookie: cookie("admin"),
    });
    expect(res.status).toBe(400);
    expect(await errorBody(res)).toMatchObject({ code: "program_not_found" });
    // An edit may move an event out of its cohort.
    const [cohort] = (await list("admin", `&program=${IDS.program}`)).events;
    const put = await call(`/api/events/${cohort.id}`, {
      method: "PUT",
      json: { program_id: null },
      cookie: cookie("admin"),
    });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(titles(await list("owner"))).toEqual(["Cohort late", "Early open", "Middle open", "Cohort early"]);
  });
});

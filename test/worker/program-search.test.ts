// Programs and lessons in the app's search (GET /api/search), with the programs feature's locks: a locked lesson is
// found by its title only (its text never searched nor sent), a paid-only program's lessons not shown to a member
// without paid access, an unpublished program the admins' only; each result opens its program or lesson.
import { beforeEach, describe, expect, it } from "vitest";
import type { ProgramDto } from "../../worker/shared/programs";
import type { SearchResult } from "../../worker/shared/search";
import { call, json } from "./helpers";
import { seedWorld, type World } from "./seed";

type Who = keyof World["cookie"];
let world: World;
const cookie = (who: Who) => world.cookie[who];

async function createProgram(fields: Record<string, unknown>): Promise<ProgramDto> {
  const res = await call("/api/programs", {
    method: "POST",
    json: { published: true, ...fields },
    cookie: cookie("admin"),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ program: ProgramDto }>(res)).program;
}

async function addLesson(programId: number, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const res = await call(`/api/programs/${programId}/lessons`, { method: "POST", body, cookie: cookie("admin") });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ lesson: { id: number } }>(res)).lesson.id;
}

async function find(who: Who, q: string, kind?: string) {
  const res = await call(`/api/search?${new URLSearchParams({ q, ...(kind ? { kind } : {}) })}`, {
    cookie: cookie(who),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ results: SearchResult[] }>(res)).results;
}

let free: ProgramDto;
let openLesson: number;
let lockedLesson: number;
let paidLesson: number;
let draftLesson: number;

beforeEach(async () => {
  world = await seedWorld();
  free = await createProgram({ title: "Calm lotus", summary: "A lotus a day", unlock: "dates" });
  openLesson = await addLesson(free.id, { title: "Arriving", body: "Sit like an open lotus flower" });
  lockedLesson = await addLesson(free.id, {
    title: "Lotus breath",
    body: "The hidden lotus secret text",
    opens_on: "2099-01-01",
  });
  const paid = await createProgram({ title: "Members' journey", paid_only: true });
  paidLesson = await addLesson(paid.id, { title: "Deep rest", body: "Paid lotus words" });
  const draft = await createProgram({ title: "Draft lotus", published: false });
  draftLesson = await addLesson(draft.id, { title: "Unseen", body: "Draft lotus words" });
});

describe("programs and lessons in GET /api/search", () => {
  it("finds a program and an open lesson with a marked snippet, each with its page's address", async () => {
    const results = await find("member", "lotus");
    const program = results.find((r) => r.kind === "program" && r.id === free.id);
    expect(program).toMatchObject({ title: "Calm lotus", url: `/app/programs/${free.id}` });
    expect(program?.snippet).toBe("A <mark>lotus</mark> a day");
    const open = results.find((r) => r.kind === "lesson" && r.id === openLesson);
    expect(open).toMatchObject({ title: "Arriving", url: `/app/programs/${free.id}/lessons/${openLesson}` });
    expect(open?.snippet).toContain("<mark>lotus</mark>");
    expect(Number.isNaN(Date.parse(open?.created_at ?? ""))).toBe(false);
  });

  it("a locked lesson is found by its title only: no snippet, and its text is neither searched nor sent", async () => {
    const results = await find("member", "lotus");
    const locked = results.find((r) => r.kind === "lesson" && r.id === lockedLesson);
    expect(locked).toMatchObject({ title: "Lotus breath", snippet: "" });
    expect(JSON.stringify(results)).not.toContain("secret");
    expect(await find("member", "secret")).toEqual([]);
    // An admin reads every lesson: the same text is found.
    const admin = await find("admin", "secret");
    expect(admin.map((r) => [r.kind, r.id])).toEqual([["lesson", lockedLesson]]);
    expect(admin[0].snippet).toContain("<mark>secret</mark>");
  });

  it("a paid-only program's lessons only with paid access; an unpublished program only for admins", async () => {
    const member = await find("member", "lotus");
    expect(member.some((r) => r.id === paidLesson && r.kind === "lesson")).toBe(false);
    expect(JSON.stringify(member)).not.toContain("Paid lotus");
    expect(member.some((r) => r.id === draftLesson && r.kind === "lesson")).toBe(false);
    expect(member.some((r) => r.title === "Draft lotus")).toBe(false);

    const paid = await find("paid", "lotus");
    expect(paid.find((r) => r.kind === "lesson" && r.id === paidLesson)?.snippet).toContain("<mark>lotus</mark>");
    expect(paid.some((r) => r.title === "Draft lotus")).toBe(false);

    const admin = await find("admin", "lotus");
    expect(admin.some((r) => r.kind === "program" && r.title === "Draft lotus")).toBe(true);
    expect(admin.some((r) => r.kind === "lesson" && r.id === draftLesson)).toBe(true);
  });

  it("narrows to programs or lessons with `kind`, and the other kinds carry none", async () => {
    const lessons = await find("member", "lotus", "lesson");
    expect(lessons.length).toBeGreaterThan(0);
    expect(lessons.every((r) => r.kind === "lesson")).toBe(true);
    expect((await find("member", "lotus", "program")).map((r) => r.id)).toEqual([free.id]);
    expect(await find("member", "lotus", "post")).toEqual([]);
  });

  it("escapes a program's text: markup in a summary arrives as text, only the match in <mark>", async () => {
    await createProgram({ title: "Tags", summary: "<b>lotus</b> & more" });
    const hit = (await find("member", "lotus", "program")).find((r) => r.title === "Tags");
    expect(hit?.snippet).toBe("&lt;b&gt;<mark>lotus</mark>&lt;/b&gt; &amp; more");
  });
});

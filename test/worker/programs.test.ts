// Programs: each unlock mode at the day boundary in Santiago and Madrid across Chile's April and
// September clock changes (the rule and the routes), locked lessons refused on every path (lesson, media,
// progress, search, export), media ranges (first bytes, middle, end, 416), a resumable multipart upload resumed
// after a dropped part, the practice log seen only by its owner, and a cohort's channel joined and left.
import { parse } from "csv-parse/browser/esm/sync";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { channelMembers, lessonUploads, users } from "../../worker/db/schema";
import { abandonedLessonUploads } from "../../worker/features/programs/jobs/abandoned-uploads";
import { programNotices } from "../../worker/features/programs/jobs/program-notices";
import { lessonOpensAt } from "../../worker/features/programs/unlock";
import type { LessonDto, LessonSummaryDto, ProgramDto, ProgramSearchResult } from "../../worker/shared/programs";
import { PROGRAM_LIMITS } from "../../worker/shared/programs";
import { RATE_LIMITS } from "../../worker/shared/rules";
import { call, db, errorBody, json, testEnv } from "./helpers";
import { IDS, seedWorld, type World } from "./seed";

type Who = keyof World["cookie"];
let world: World;
const cookie = (who: Who) => world.cookie[who];
const at = (iso: string) => vi.setSystemTime(new Date(iso));

/** A tiny Ogg file: the magic bytes its type is proven by, then filler (1000 bytes in all, each byte its index). */
const OGG = new Uint8Array(1000).map((_, i) => i % 251);
OGG.set([0x4f, 0x67, 0x67, 0x53]);

async function seedAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  at(iso);
  world = await seedWorld();
}

afterEach(() => {
  vi.useRealTimers();
});

async function createProgram(fields: Record<string, unknown>): Promise<ProgramDto> {
  const res = await call("/api/programs", {
    method: "POST",
    json: { title: "21 days of calm", published: true, ...fields },
    cookie: cookie("admin"),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ program: ProgramDto }>(res)).program;
}

async function addLesson(programId: number, fields: Record<string, string>, media?: Uint8Array) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  if (media) body.set("file", new File([media as BlobPart], "lesson.ogg", { type: "audio/ogg" }));
  const res = await call(`/api/programs/${programId}/lessons`, { method: "POST", body, cookie: cookie("admin") });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<{ lesson: { id: number } }>(res)).lesson;
}

async function programWithLessons(fields: Record<string, unknown>, lessons: Record<string, string>[]) {
  const program = await createProgram(fields);
  const ids: number[] = [];
  for (const [i, l] of lessons.entries())
    ids.push((await addLesson(program.id, { title: `Lesson ${i + 1}`, body: `Secret body ${i + 1}`, ...l }, OGG)).id);
  return { program, ids };
}

const setZone = (who: "paid" | "member", zone: string) =>
  db().update(users).set({ timezone: zone }).where(eq(users.id, IDS[who]));

const enrol = async (who: Who, id: number) =>
  call(`/api/programs/${id}/enrol`, { method: "POST", cookie: cookie(who) });

const lessonsOf = async (who: Who, id: number) =>
  (await json<{ lessons: LessonSummaryDto[] }>(await call(`/api/programs/${id}/lessons`, { cookie: cookie(who) })))
    .lessons;

describe("the unlock rule (unit), at 06:00 local across the clock changes", () => {
  const daily = { unlock: "daily" as const, timeZone: "UTC" };
  const dates = (zone: string) => ({ unlock: "dates" as const, timeZone: zone });
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

  it("daily in Santiago: lesson 3 opens at 06:00 -04 after April's change (10:00Z), not 24 h after lesson 2", () => {
    const start = { startedAt: Date.parse("2027-04-02T13:00:00Z"), timeZone: "America/Santiago" }; // 10:00 -03
    expect(lessonOpensAt(daily, start, 0, null)).toBeNull();
    expect(iso(lessonOpensAt(daily, start, 1, null))).toBe("2027-04-03T09:00:00.000Z"); // 06:00 -03
    expect(iso(lessonOpensAt(daily, start, 2, null))).toBe("2027-04-04T10:00:00.000Z"); // 06:00 -04
  });
  it("daily in Santiago: September's change (clocks forward at 24:00) opens lesson 2 at 06:00 -03", () => {
    const start = { startedAt: Date.parse("2027-09-04T14:00:00Z"), timeZone: "America/Santiago" }; // 10:00 -04
    expect(iso(lessonOpensAt(daily, start, 1, null))).toBe("2027-09-05T09:00:00.000Z");
    expect(iso(lessonOpensAt(daily, start, 2, null))).toBe("2027-09-06T09:00:00.000Z");
  });
  it("daily in Madrid over the same days (no change there) and over its own October change", () => {
    const april = { startedAt: Date.parse("2027-04-02T13:00:00Z"), timeZone: "Europe/Madrid" };
    expect(iso(lessonOpensAt(daily, april, 2, null))).toBe("2027-04-04T04:00:00.000Z"); // 06:00 +02
    const september = { startedAt: Date.parse("2027-09-04T14:00:00Z"), timeZone: "Europe/Madrid" };
    expect(iso(lessonOpensAt(daily, september, 1, null))).toBe("2027-09-05T04:00:00.000Z");
    const october = { startedAt: Date.parse("2027-10-30T10:00:00Z"), timeZone: "Europe/Madrid" };
    expect(iso(lessonOpensAt(daily, october, 1, null))).toBe("2027-10-31T05:00:00.000Z"); // 06:00 +01
  });
  it("a start late at night counts its own local date as day 1 (Santiago 23:30 is the next UTC day)", () => {
    const start = { startedAt: Date.parse("2027-04-03T02:30:00Z"), timeZone: "America/Santiago" }; // Apr 2, 23:30 -03
    expect(iso(lessonOpensAt(daily, start, 1, null))).toBe("2027-04-03T09:00:00.000Z");
  });
  it("fixed dates: 06:00 in the program's zone, before and after each change", () => {
    const start = { startedAt: 0, timeZone: "UTC" };
    expect(iso(lessonOpensAt(dates("America/Santiago"), start, 0, "2027-04-03"))).toBe("2027-04-03T09:00:00.000Z");
    expect(iso(lessonOpensAt(dates("America/Santiago"), start, 0, "2027-04-04"))).toBe("2027-04-04T10:00:00.000Z");
    expect(iso(lessonOpensAt(dates("America/Santiago"), start, 0, "2027-09-04"))).toBe("2027-09-04T10:00:00.000Z");
    expect(iso(lessonOpensAt(dates("America/Santiago"), start, 0, "2027-09-05"))).toBe("2027-09-05T09:00:00.000Z");
    expect(iso(lessonOpensAt(dates("Europe/Madrid"), start, 0, "2027-04-04"))).toBe("2027-04-04T04:00:00.000Z");
    expect(iso(lessonOpensAt(dates("Europe/Madrid"), start, 0, "2027-09-05"))).toBe("2027-09-05T04:00:00.000Z");
    expect(lessonOpensAt(dates("Europe/Madrid"), start, 3, null)).toBeNull();
  });
  it("all at once: every lesson open", () => {
    expect(
      lessonOpensAt({ unlock: "all", timeZone: "UTC" }, { startedAt: 0, timeZone: "UTC" }, 5, "2030-01-01"),
    ).toBeNull();
  });
});

describe("unlock modes through the API, one second either side of the boundary", () => {
  it("daily, a member in Santiago across April's change: 403 lesson_locked with opens_at, then open", async () => {
    await seedAt("2027-04-02T13:00:00Z");
    await setZone("paid", "America/Santiago");
    const { program, ids } = await programWithLessons({ unlock: "daily" }, [{}, {}, {}]);
    expect((await enrol("paid", program.id)).status).toBe(200);

    at("2027-04-04T09:59:59Z");
    const locked = await call(`/api/lessons/${ids[2]}`, { cookie: cookie("paid") });
    expect(locked.status).toBe(403);
    const body = (await locked.json()) as { code: string; opens_at: string };
    expect(body).toMatchObject({ code: "lesson_locked", opens_at: "2027-04-04T10:00:00.000Z" });
    expect(JSON.stringify(body)).not.toContain("Secret body 3");
    const list = await lessonsOf("paid", program.id);
    expect(list.map((l) => l.open)).toEqual([true, true, false]);
    expect(list[2].opens_at).toBe("2027-04-04T10:00:00.000Z");

    at("2027-04-04T10:00:00Z");
    const open = await call(`/api/lessons/${ids[2]}`, { cookie: cookie("paid") });
    expect(open.status).toBe(200);
    expect((await json<{ lesson: LessonDto }>(open)).lesson.body).toBe("Secret body 3");
  });

  it("daily, a member in Madrid over Chile's September change: lesson 2 at 06:00 Madrid (04:00Z)", async () => {
    await seedAt("2027-09-04T14:00:00Z");
    await setZone("paid", "Europe/Madrid");
    const { program, ids } = await programWithLessons({ unlock: "daily" }, [{}, {}]);
    await enrol("paid", program.id);
    at("2027-09-05T03:59:59Z");
    expect((await call(`/api/lessons/${ids[1]}`, { cookie: cookie("paid") })).status).toBe(403);
    at("2027-09-05T04:00:00Z");
    expect((await call(`/api/lessons/${ids[1]}`, { cookie: cookie("paid") })).status).toBe(200);
  });

  it("daily, the zone is the one at enrolment: moving to Madrid later moves no lesson", async () => {
    await seedAt("2027-09-04T14:00:00Z");
    await setZone("paid", "America/Santiago");
    const { program, ids } = await programWithLessons({ unlock: "daily" }, [{}, {}]);
    await enrol("paid", program.id);
    await setZone("paid", "Europe/Madrid");
    at("2027-09-05T08:59:59Z");
    expect((await call(`/api/lessons/${ids[1]}`, { cookie: cookie("paid") })).status).toBe(403);
    at("2027-09-05T09:00:00Z"); // 06:00 in Santiago on the first day of its summer time
    expect((await call(`/api/lessons/${ids[1]}`, { cookie: cookie("paid") })).status).toBe(200);
  });

  for (const [zone, opensOn, boundary] of [
    ["America/Santiago", "2027-04-04", "2027-04-04T10:00:00Z"],
    ["America/Santiago", "2027-09-05", "2027-09-05T09:00:00Z"],
    ["Europe/Madrid", "2027-04-04", "2027-04-04T04:00:00Z"],
    ["Europe/Madrid", "2027-09-05", "2027-09-05T04:00:00Z"],
  ] as const) {
    it(`fixed dates in ${zone} on ${opensOn}: opens at ${boundary}`, async () => {
      // Two days before (the seeded sessions last 30 days from the seeding).
      await seedAt(new Date(Date.parse(boundary) - 2 * 24 * 3600 * 1000).toISOString());
      const { program, ids } = await programWithLessons({ unlock: "dates", time_zone: zone }, [
        {},
        { opens_on: opensOn },
      ]);
      await enrol("member", program.id);
      vi.setSystemTime(Date.parse(boundary) - 1000);
      const locked = await call(`/api/lessons/${ids[1]}`, { cookie: cookie("member") });
      expect(locked.status).toBe(403);
      expect(((await locked.json()) as { opens_at: string }).opens_at).toBe(new Date(boundary).toISOString());
      vi.setSystemTime(Date.parse(boundary));
      expect((await call(`/api/lessons/${ids[1]}`, { cookie: cookie("member") })).status).toBe(200);
    });
  }

  it("all at once: every lesson open from the start; an admin reads any lesson", async () => {
    await seedAt("2027-04-01T12:00:00Z");
    const { program, ids } = await programWithLessons({ unlock: "all" }, [{}, {}]);
    expect((await lessonsOf("member", program.id)).every((l) => l.open && l.opens_at === null)).toBe(true);
    const daily = await programWithLessons({ unlock: "daily" }, [{}, {}]);
    expect((await call(`/api/lessons/${daily.ids[1]}`, { cookie: cookie("admin") })).status).toBe(200);
    expect((await call(`/api/lessons/${ids[1]}`, { cookie: cookie("member") })).status).toBe(200);
  });
});

describe("notifications: a new lesson opened, a cohort starts tomorrow", () => {
  const notices = async (who: Who) =>
    (
      await json<{ items: { kind: string; url: string; detail: string | null }[] }>(
        await call("/api/notifications", { cookie: cookie(who) }),
      )
    ).items.filter((n) => n.kind === "lesson_opened" || n.kind === "cohort_starting");

  it("the hourly job tells each member once when their daily lesson opens at 06:00 in their zone", async () => {
    await seedAt("2027-04-02T13:00:00Z");
    await setZone("paid", "America/Santiago");
    await setZone("member", "Europe/Madrid");
    const { program, ids } = await programWithLessons({ unlock: "daily" }, [{}, {}, {}]);
    await enrol("paid", program.id);
    await enrol("member", program.id);
    const run = (iso: string) => programNotices.run(testEnv, new Date(iso));
    // Madrid's 06:00 on day 2 (04:00Z): the member there; Santiago's (09:00Z): the other.
    expect(await run("2027-04-03T04:17:00Z")).toEqual({ lessons_opened: 1, cohorts_starting: 0 });
    expect(await run("2027-04-03T05:17:00Z")).toEqual({ lessons_opened: 0, cohorts_starting: 0 });
    expect(await run("2027-04-03T09:17:00Z")).toEqual({ lessons_opened: 1, cohorts_starting: 0 });
    // Day 3 in Santiago is after April's change: 06:00 -04 is 10:00Z, not 09:00Z.
    expect(await run("2027-04-04T04:17:00Z")).toMatchObject({ lessons_opened: 1 }); // Madrid's, at 04:00Z
    expect(await run("2027-04-04T09:59:00Z")).toMatchObject({ lessons_opened: 0 }); // not yet in Santiago
    expect(await run("2027-04-04T10:17:00Z")).toMatchObject({ lessons_opened: 1 }); // Santiago's
    at("2027-04-04T11:00:00Z");
    const told = await notices("paid");
    expect(told.map((n) => n.url).sort()).toEqual(
      [`/app/programs/${program.id}/lessons/${ids[1]}`, `/app/programs/${program.id}/lessons/${ids[2]}`].sort(),
    );
  });

  it("a cohort's members are told the day before it starts, once", async () => {
    await seedAt("2027-04-03T12:00:00Z");
    const program = await createProgram({ unlock: "dates", starts_on: "2027-04-05", time_zone: "America/Santiago" });
    await enrol("paid", program.id);
    await enrol("owner", program.id);
    const run = (iso: string) => programNotices.run(testEnv, new Date(iso));
    expect(await run("2027-04-03T12:17:00Z")).toMatchObject({ cohorts_starting: 0 });
    expect(await run("2027-04-04T12:17:00Z")).toMatchObject({ cohorts_starting: 2 });
    expect(await run("2027-04-04T13:17:00Z")).toMatchObject({ cohorts_starting: 0 });
    expect((await notices("paid")).map((n) => n.url)).toEqual([`/app/programs/${program.id}`]);
    expect(await notices("member")).toEqual([]);
  });
});

describe("a locked lesson is refused on every path", () => {
  beforeEach(async () => {
    world = await seedWorld();
  });

  it("lesson, media, progress, search and the data export never carry its text or bytes", async () => {
    const { program, ids } = await programWithLessons({ unlock: "daily" }, [
      { title: "Breath one", body: "open words" },
      { title: "Breath two", body: "hidden lotus words" },
    ]);
    await enrol("paid", program.id);
    const locked = ids[1];
    expect((await errorBody(await call(`/api/lessons/${locked}`, { cookie: cookie("paid") }))).code).toBe(
      "lesson_locked",
    );
    const media = await call(`/api/lessons/${locked}/media`, {
      cookie: cookie("paid"),
      headers: { range: "bytes=0-9" },
    });
    expect(media.status).toBe(403);
    expect((await errorBody(media)).code).toBe("lesson_locked");
    const progress = await call(`/api/lessons/${locked}/progress`, {
      method: "PUT",
      json: { done: true },
      cookie: cookie("paid"),
    });
    expect(progress.status).toBe(403);

    // Search: found by its title (the lock shown), never by its text, and its text never sent.
    const search = async (q: string) =>
      (
        await json<{ results: ProgramSearchResult[] }>(
          await call(`/api/programs/search?q=${encodeURIComponent(q)}`, { cookie: cookie("paid") }),
        )
      ).results;
    expect(await search("lotus")).toEqual([]);
    const byTitle = (await search("breath two")).find((r) => r.id === locked)!;
    expect(byTitle).toMatchObject({ kind: "lesson", open: false, snippet: null });
    expect(byTitle.opens_at).not.toBeNull();
    expect((await search("open words")).find((r) => r.id === ids[0])?.snippet).toContain("open words");

    // The member's export and another member's: titles of progress only, never a lesson's text.
    await call(`/api/lessons/${ids[0]}/progress`, { method: "PUT", json: { done: true }, cookie: cookie("paid") });
    for (const who of ["paid", "member"] as const) {
      const exported = await call("/api/profile/export", { cookie: cookie(who) });
      expect(exported.status).toBe(200);
      expect(await exported.text()).not.toContain("hidden lotus");
    }
  });

  it("a paid-only program refuses a member without a membership (lessons, lesson, media, enrolment)", async () => {
    const { program, ids } = await programWithLessons({ paid_only: true }, [{}]);
    expect((await enrol("member", program.id)).status).toBe(403);
    expect((await call(`/api/programs/${program.id}/lessons`, { cookie: cookie("member") })).status).toBe(403);
    expect((await call(`/api/lessons/${ids[0]}`, { cookie: cookie("member") })).status).toBe(403);
    expect((await call(`/api/lessons/${ids[0]}/media`, { cookie: cookie("member") })).status).toBe(403);
    expect((await call(`/api/lessons/${ids[0]}`, { cookie: cookie("paid") })).status).toBe(200);
  });

  it("an unpublished program is the admin's only", async () => {
    const program = await createProgram({ published: false });
    const { lesson } = { lesson: await addLesson(program.id, { title: "Draft" }) };
    expect((await call(`/api/programs/${program.id}`, { cookie: cookie("paid") })).status).toBe(404);
    expect((await call(`/api/lessons/${lesson.id}`, { cookie: cookie("paid") })).status).toBe(404);
    const listed = await json<{ programs: ProgramDto[] }>(await call("/api/programs", { cookie: cookie("paid") }));
    expect(listed.programs.map((p) => p.id)).not.toContain(program.id);
    expect((await call(`/api/programs/${program.id}`, { cookie: cookie("admin") })).status).toBe(200);
  });
});

describe("media with ranges", () => {
  beforeEach(async () => {
    world = await seedWorld();
  });

  it("first bytes, a middle range, the end, an unsatisfiable range; type, Accept-Ranges and caching", async () => {
    const { ids } = await programWithLessons({}, [{}]);
    const lesson = (await json<{ lesson: LessonDto }>(await call(`/api/lessons/${ids[0]}`, { cookie: cookie("paid") })))
      .lesson;
    expect(lesson.media_url).toMatch(new RegExp(`^/api/lessons/${ids[0]}/media\\?v=`));
    const get = (range?: string) =>
      call(lesson.media_url!, { cookie: cookie("paid"), headers: range ? { range } : {} });

    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("audio/ogg");
    expect(whole.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(OGG);

    const first = await get("bytes=0-99");
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe("bytes 0-99/1000");
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(OGG.slice(0, 100));

    const middle = await get("bytes=500-549");
    expect(middle.status).toBe(206);
    expect(middle.headers.get("content-range")).toBe("bytes 500-549/1000");
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(OGG.slice(500, 550));

    const end = await get("bytes=-100");
    expect(end.status).toBe(206);
    expect(end.headers.get("content-range")).toBe("bytes 900-999/1000");
    expect(new Uint8Array(await end.arrayBuffer())).toEqual(OGG.slice(900));

    const past = await get("bytes=1000-");
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */1000");
  });

  it("types are proven by the bytes (415) and sizes capped (413)", async () => {
    const program = await createProgram({});
    const body = new FormData();
    body.set("title", "Not audio");
    body.set("file", new File(["<html><script>alert(1)</script></html>"], "a.ogg", { type: "audio/ogg" }));
    const wrong = await call(`/api/programs/${program.id}/lessons`, { method: "POST", body, cookie: cookie("admin") });
    expect(wrong.status).toBe(415);
    expect((await errorBody(wrong)).code).toBe("lesson_media_type");
    const big = await call(`/api/programs/${program.id}/lessons`, {
      method: "POST",
      body: "x",
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(PROGRAM_LIMITS.lessonMediaMaxBytes + 1024 * 1024),
      },
      cookie: cookie("admin"),
    });
    expect(big.status).toBe(413);
  });
});

describe("resumable multipart upload", () => {
  beforeEach(async () => {
    world = await seedWorld();
  });

  it("a part dropped on the way is not recorded, the upload resumes from the parts that arrived", async () => {
    const program = await createProgram({});
    const lesson = await addLesson(program.id, { title: "Long session" });
    const size = PROGRAM_LIMITS.uploadPartBytes + 1234;
    const file = new Uint8Array(size).map((_, i) => (i * 7) % 256);
    file.set([0x4f, 0x67, 0x67, 0x53]);
    const base = `/api/lessons/${lesson.id}/uploads`;
    const started = await call(base, {
      method: "POST",
      json: { file_name: "long.ogg", content_type: "audio/ogg", size },
      cookie: cookie("admin"),
    });
    expect(started.status).toBe(201);
    const { upload_id, parts, part_size } = await json<{ upload_id: string; parts: number; part_size: number }>(
      started,
    );
    expect(parts).toBe(2);
    const put = (n: number, bytes: Uint8Array) =>
      call(`${base}/${encodeURIComponent(upload_id)}/parts/${n}`, {
        method: "PUT",
        body: bytes as BodyInit,
        headers: { "content-type": "application/octet-stream" },
        cookie: cookie("admin"),
      });
    expect((await put(1, file.slice(0, part_size))).status).toBe(200);
    // The connection drops halfway through part 2: what arrived is refused, nothing recorded.
    const dropped = await put(2, file.slice(part_size, part_size + 500));
    expect(dropped.status).toBe(400);
    expect((await errorBody(dropped)).code).toBe("upload_part_invalid");
    const status = await json<{ done: number[] }>(
      await call(`${base}/${encodeURIComponent(upload_id)}`, { cookie: cookie("admin") }),
    );
    expect(status.done).toEqual([1]);
    // Completing before every part arrived is refused.
    expect(
      (await call(`${base}/${encodeURIComponent(upload_id)}/complete`, { method: "POST", cookie: cookie("admin") }))
        .status,
    ).toBe(400);
    expect((await put(2, file.slice(part_size))).status).toBe(200);
    const done = await call(`${base}/${encodeURIComponent(upload_id)}/complete`, {
      method: "POST",
      cookie: cookie("admin"),
    });
    expect(done.status, await done.clone().text()).toBe(200);
    const media = await call(`/api/lessons/${lesson.id}/media`, {
      cookie: cookie("paid"),
      headers: { range: `bytes=${part_size - 2}-${part_size + 1}` },
    });
    expect(media.status).toBe(206);
    expect(media.headers.get("content-range")).toBe(`bytes ${part_size - 2}-${part_size + 1}/${size}`);
    expect(media.headers.get("content-type")).toBe("audio/ogg");
    expect(new Uint8Array(await media.arrayBuffer())).toEqual(file.slice(part_size - 2, part_size + 2));
  });

  it("an upload abandoned for a day is aborted at R2 and forgotten by the hourly job; a newer one stays", async () => {
    const program = await createProgram({});
    const lesson = await addLesson(program.id, { title: "x" });
    const start = async () =>
      (
        await json<{ upload_id: string }>(
          await call(`/api/lessons/${lesson.id}/uploads`, {
            method: "POST",
            json: { file_name: "a.ogg", content_type: "audio/ogg", size: 100 },
            cookie: cookie("admin"),
          }),
        )
      ).upload_id;
    const old = await start();
    await db()
      .update(lessonUploads)
      .set({ createdAt: new Date(Date.now() - PROGRAM_LIMITS.uploadAbandonedMs - 1000) })
      .where(eq(lessonUploads.uploadId, old));
    const recent = await start();
    const counts = await abandonedLessonUploads.run(testEnv, new Date());
    expect(counts).toEqual({ aborted: 1 });
    // (The seeded upload, written just now, stays too.)
    const left = (await db().select().from(lessonUploads)).map((u) => u.uploadId);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
    const status = await call(`/api/lessons/${lesson.id}/uploads/${encodeURIComponent(old)}`, {
      cookie: cookie("admin"),
    });
    expect(status.status).toBe(404);
  });

  it("a first part whose bytes are no audio or video is refused (415)", async () => {
    const program = await createProgram({});
    const lesson = await addLesson(program.id, { title: "x" });
    const started = await json<{ upload_id: string }>(
      await call(`/api/lessons/${lesson.id}/uploads`, {
        method: "POST",
        json: { file_name: "a.mp3", content_type: "audio/mpeg", size: 100 },
        cookie: cookie("admin"),
      }),
    );
    const res = await call(`/api/lessons/${lesson.id}/uploads/${encodeURIComponent(started.upload_id)}/parts/1`, {
      method: "PUT",
      body: new Uint8Array(100).fill(0x41) as BodyInit,
      headers: { "content-type": "application/octet-stream" },
      cookie: cookie("admin"),
    });
    expect(res.status).toBe(415);
  });
});

describe("progress, practice log and cohorts", () => {
  beforeEach(async () => {
    world = await seedWorld();
  });

  it("progress resumes at the saved second; every lesson done finishes the program", async () => {
    const { program, ids } = await programWithLessons({}, [{}, {}]);
    const notEnrolled = await call(`/api/lessons/${ids[0]}/progress`, {
      method: "PUT",
      json: { position_seconds: 3 },
      cookie: cookie("paid"),
    });
    expect((await errorBody(notEnrolled)).code).toBe("program_not_enrolled");
    await enrol("paid", program.id);
    const save = (id: number, body: unknown) =>
      call(`/api/lessons/${id}/progress`, { method: "PUT", json: body, cookie: cookie("paid") });
    expect((await save(ids[0], { position_seconds: 42.7 })).status).toBe(200);
    const lesson = (await json<{ lesson: LessonDto }>(await call(`/api/lessons/${ids[0]}`, { cookie: cookie("paid") })))
      .lesson;
    expect(lesson.position_seconds).toBe(42);
    expect(lesson.next_id).toBe(ids[1]);
    await save(ids[0], { done: true });
    const last = await json<{ program_finished: boolean }>(await save(ids[1], { done: true }));
    expect(last.program_finished).toBe(true);
    const listed = await json<{ program: ProgramDto }>(
      await call(`/api/programs/${program.id}`, { cookie: cookie("paid") }),
    );
    expect(listed.program).toMatchObject({ done_count: 2, enrolled: true });
    expect(listed.program.finished_at).not.toBeNull();
    expect((await save(ids[0], {})).status).toBe(400);
  });

  it("saving progress is rate limited (counted in the lesson's own round trip): 429 past the limit", async () => {
    const { program, ids } = await programWithLessons({}, [{}]);
    await enrol("paid", program.id);
    const save = () =>
      call(`/api/lessons/${ids[0]}/progress`, { method: "PUT", json: { position_seconds: 1 }, cookie: cookie("paid") });
    const limit = RATE_LIMITS.programWrites.limit - 1; // the enrolment counted one
    for (let i = 0; i < limit; i++) expect((await save()).status).toBe(200);
    const refused = await save();
    expect(refused.status).toBe(429);
    expect((await errorBody(refused)).code).toBe("rate_limited");
  });

  it("the practice log is its owner's only; the day's 24 hours and the minutes' range are enforced", async () => {
    const posted = await call("/api/practice", {
      method: "POST",
      json: { minutes: 20, note: "Morning sit", mood: "calm" },
      cookie: cookie("paid"),
    });
    expect(posted.status).toBe(201);
    const { entry } = await json<{ entry: { id: number } }>(posted);
    const mine = await json<{ entries: unknown[]; total_minutes: number; streak_days: number }>(
      await call("/api/practice", { cookie: cookie("paid") }),
    );
    expect(mine).toMatchObject({ total_minutes: 20, streak_days: 1 });
    const theirs = await json<{ entries: unknown[] }>(await call("/api/practice", { cookie: cookie("member") }));
    expect(theirs.entries).toEqual([]);
    expect((await call(`/api/practice/${entry.id}`, { method: "DELETE", cookie: cookie("member") })).status).toBe(404);
    expect((await call(`/api/practice/${entry.id}`, { method: "DELETE", cookie: cookie("admin") })).status).toBe(404);
    expect(
      (await json<{ entries: unknown[] }>(await call("/api/practice", { cookie: cookie("paid") }))).entries,
    ).toHaveLength(1);
    expect(
      (await call("/api/practice", { method: "POST", json: { minutes: 601 }, cookie: cookie("paid") })).status,
    ).toBe(400);
    expect((await call("/api/practice", { method: "POST", json: { minutes: 0 }, cookie: cookie("paid") })).status).toBe(
      400,
    );
    for (let i = 0; i < 2; i++)
      await call("/api/practice", { method: "POST", json: { minutes: 600 }, cookie: cookie("paid") });
    // 20 + 600 + 600 = 1220 minutes today: 221 more would pass 24 hours.
    const full = await call("/api/practice", { method: "POST", json: { minutes: 221 }, cookie: cookie("paid") });
    expect(full.status).toBe(409);
    expect((await errorBody(full)).code).toBe("practice_day_full");
    const exported = await json<{ practice_log: unknown[] }>(
      await call("/api/profile/export", { cookie: cookie("paid") }),
    );
    expect(exported.practice_log).toHaveLength(3);
    const other = await json<{ practice_log: unknown[] }>(
      await call("/api/profile/export", { cookie: cookie("member") }),
    );
    expect(other.practice_log).toEqual([]);
  });

  it("a cohort's private channel is joined on enrolment and left on leaving", async () => {
    const program = await createProgram({ unlock: "dates", starts_on: "2027-04-05" });
    expect(program.channel_id).not.toBeNull();
    const channel = program.channel_id!;
    const memberOf = async () =>
      (await db().select().from(channelMembers).where(eq(channelMembers.channelId, channel))).map((m) => m.userId);
    const sees = async () =>
      (await json<{ id: number }[]>(await call("/api/groups", { cookie: cookie("paid") }))).some(
        (g) => g.id === channel,
      );
    expect(await sees()).toBe(false);
    await enrol("paid", program.id);
    expect(await memberOf()).toEqual([IDS.paid]);
    expect(await sees()).toBe(true);
    await call(`/api/programs/${program.id}/enrol`, { method: "DELETE", cookie: cookie("paid") });
    expect(await memberOf()).toEqual([]);
    expect(await sees()).toBe(false);
  });

  it("the funnel: enrolled, active, finished and how many reached each lesson; its CSV read back by csv-parse", async () => {
    const { program, ids } = await programWithLessons({}, [{ title: 'One, "two"' }, {}]);
    for (const who of ["paid", "owner", "member"] as const) await enrol(who, program.id);
    const progress = (who: Who, id: number, body: unknown) =>
      call(`/api/lessons/${id}/progress`, { method: "PUT", json: body, cookie: cookie(who) });
    await progress("paid", ids[0], { done: true });
    await progress("paid", ids[1], { done: true });
    await progress("owner", ids[0], { position_seconds: 30 });
    const funnel = await json<{ enrolled: number; active_7d: number; finished: number; lessons: unknown[] }>(
      await call(`/api/admin/programs/${program.id}/funnel`, { cookie: cookie("admin") }),
    );
    expect(funnel).toMatchObject({ enrolled: 3, active_7d: 3, finished: 1 });
    expect(funnel.lessons).toMatchObject([
      { position: 1, reached: 2, done: 1 },
      { position: 2, reached: 1, done: 1 },
    ]);
    const csv = await call(`/api/admin/programs/${program.id}/funnel?format=csv`, { cookie: cookie("admin") });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { position: "1", lesson_id: String(ids[0]), title: 'One, "two"', reached: "2", done: "1" },
      { position: "2", lesson_id: String(ids[1]), title: "Lesson 2", reached: "1", done: "1" },
    ]);
    expect((await call(`/api/admin/programs/${program.id}/funnel`, { cookie: cookie("paid") })).status).toBe(403);
  });

  it("a program's title is one clean line (it names the cohort's channel): program_title_invalid", async () => {
    for (const title of ["Calm\nClick here", "\u202eevil", "\u200b\u200b"]) {
      const res = await call("/api/programs", { method: "POST", json: { title }, cookie: cookie("admin") });
      expect(res.status, JSON.stringify(title)).toBe(400);
      expect((await errorBody(res)).code).toBe("program_title_invalid");
    }
  });

  it("at most 20 programs enrolled at once (409)", async () => {
    const ids: number[] = [];
    for (let i = 0; i <= PROGRAM_LIMITS.enrolledMax; i++) ids.push((await createProgram({ title: `P${i}` })).id);
    for (const id of ids.slice(0, -1)) expect((await enrol("member", id)).status).toBe(200);
    const full = await enrol("member", ids[ids.length - 1]);
    expect(full.status).toBe(409);
    expect((await errorBody(full)).code).toBe("programs_enrolled_full");
  });
});

// Program covers: an admin uploads a PNG, JPEG or WebP proven by its bytes (415 otherwise, 413 above
// PROGRAM_LIMITS.coverMaxBytes), members see it on the list and the program and it is served to them; the R2 object
// goes when the cover is replaced or removed, or the program deleted.
import { beforeEach, describe, expect, it } from "vitest";
import type { ProgramDto } from "../../worker/shared/programs";
import { PROGRAM_LIMITS } from "../../worker/shared/programs";
import { API_ERRORS } from "../../worker/shared/texts";
import { call, errorBody, json, testEnv } from "./helpers";
import { IDS, PNG, seedWorld, type World } from "./seed";

let world: World;
beforeEach(async () => {
  world = await seedWorld();
});
type Who = keyof World["cookie"];
const cookie = (who: Who) => world.cookie[who];

/** A JPEG's first bytes (SOI + APP0 "JFIF"), and a WebP's (RIFF … WEBP): the other accepted types. */
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 8, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);

const coverKeys = async () => (await testEnv.BLOBS.list({ prefix: "programs/" })).objects.map((o) => o.key).sort();

function upload(who: Who, bytes: Uint8Array, type = "image/png", programId: number = IDS.program) {
  const body = new FormData();
  body.set("file", new File([bytes as unknown as BlobPart], "cover", { type }));
  return call(`/api/programs/${programId}/cover`, { method: "PUT", body, cookie: cookie(who) });
}
const coverUrlOf = async (who: Who) =>
  (await json<{ program: ProgramDto }>(await call(`/api/programs/${IDS.program}`, { cookie: cookie(who) }))).program
    .cover_url;

describe("program covers", () => {
  it("an admin's upload is on the list and the program, and served to members with its proven type", async () => {
    expect(await coverUrlOf("member")).toBeNull();
    const res = await upload("admin", PNG);
    expect(res.status, await res.clone().text()).toBe(200);
    const url = (await json<{ program: ProgramDto }>(res)).program.cover_url;
    expect(url).toMatch(new RegExp(`^/api/programs/${IDS.program}/cover\\?v=[A-Za-z0-9_-]{24}$`));
    expect(await coverUrlOf("member")).toBe(url);
    const list = await json<{ programs: ProgramDto[] }>(await call("/api/programs", { cookie: cookie("member") }));
    expect(list.programs.find((p) => p.id === IDS.program)?.cover_url).toBe(url);

    const served = await call(url as string, { cookie: cookie("member") });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await call(url as string)).status).toBe(401);
    expect(await coverKeys()).toHaveLength(1);
  });

  it("accepts JPEG and WebP, stored as the type the bytes prove", async () => {
    for (const [bytes, type] of [
      [JPEG, "image/jpeg"],
      [WEBP, "image/webp"],
    ] as const) {
      const res = await upload("admin", bytes, "image/png");
      expect(res.status).toBe(200);
      const url = (await json<{ program: ProgramDto }>(res)).program.cover_url as string;
      expect((await call(url, { cookie: cookie("member") })).headers.get("content-type")).toBe(type);
    }
  });

  it("refuses what is not an image with 415, a file too big with 413, and no file with 400; nothing is stored", async () => {
    const text = await upload("admin", new TextEncoder().encode("hello"), "text/plain");
    expect(text.status).toBe(415);
    expect(await errorBody(text)).toMatchObject({ code: "image_type_invalid" });
    const fake = await upload("admin", new TextEncoder().encode("not really a png"), "image/png");
    expect(fake.status).toBe(415);
    expect(await errorBody(fake)).toMatchObject({ code: "image_not_an_image" });

    const big = new Uint8Array(PROGRAM_LIMITS.coverMaxBytes + 1);
    big.set(PNG);
    const tooBig = await upload("admin", big);
    expect(tooBig.status).toBe(413);
    expect(await errorBody(tooBig)).toMatchObject({ error: API_ERRORS.program_cover_too_large });

    const none = await call(`/api/programs/${IDS.program}/cover`, {
      method: "PUT",
      body: new FormData(),
      cookie: cookie("admin"),
    });
    expect(none.status).toBe(400);
    expect(await errorBody(none)).toMatchObject({ code: "program_cover_required" });
    expect(await coverKeys()).toEqual([]);
    expect(await coverUrlOf("admin")).toBeNull();
    expect((await call(`/api/programs/${IDS.program}/cover`, { cookie: cookie("member") })).status).toBe(404);
  });

  it("only an admin uploads or removes it; an unknown program is 404", async () => {
    for (const who of ["member", "paid", "owner"] as const) {
      expect((await upload(who, PNG)).status).toBe(403);
      const removed = await call(`/api/programs/${IDS.program}/cover`, { method: "DELETE", cookie: cookie(who) });
      expect(removed.status).toBe(403);
    }
    expect((await upload("anon", PNG)).status).toBe(401);
    expect(await coverKeys()).toEqual([]);
    const unknown = await upload("admin", PNG, "image/png", 999);
    expect(unknown.status).toBe(404);
    expect(await coverKeys()).toEqual([]);
  });

  it("a replaced cover leaves R2 and gets a new address; removing it deletes the object", async () => {
    const first = (await json<{ program: ProgramDto }>(await upload("admin", PNG))).program.cover_url;
    const [firstKey] = await coverKeys();
    const second = (await json<{ program: ProgramDto }>(await upload("admin", JPEG))).program.cover_url;
    expect(second).not.toBe(first);
    const keys = await coverKeys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(firstKey);

    const removed = await call(`/api/programs/${IDS.program}/cover`, { method: "DELETE", cookie: cookie("admin") });
    expect(removed.status).toBe(200);
    expect((await json<{ program: ProgramDto }>(removed)).program.cover_url).toBeNull();
    expect(await coverKeys()).toEqual([]);
    expect((await call(second as string, { cookie: cookie("member") })).status).toBe(404);
  });

  it("deleting the program deletes its cover", async () => {
    expect((await upload("admin", PNG)).status).toBe(200);
    expect(await coverKeys()).toHaveLength(1);
    const deleted = await call(`/api/programs/${IDS.program}`, { method: "DELETE", cookie: cookie("admin") });
    expect(deleted.status).toBe(200);
    expect(await coverKeys()).toEqual([]);
  });

  it("an unpublished program's cover is the admins' only", async () => {
    expect((await upload("admin", PNG)).status).toBe(200);
    const put = await call(`/api/programs/${IDS.program}`, {
      method: "PUT",
      json: { published: false },
      cookie: cookie("admin"),
    });
    expect(put.status).toBe(200);
    expect((await call(`/api/programs/${IDS.program}/cover`, { cookie: cookie("member") })).status).toBe(404);
    expect((await call(`/api/programs/${IDS.program}/cover`, { cookie: cookie("admin") })).status).toBe(200);
  });
});

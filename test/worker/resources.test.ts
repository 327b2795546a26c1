import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, resources, users } from "../../worker/db/schema";
import { LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { call, db, json, signIn, testEnv } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4]);

/** Signs in a member and, when asked, grants a membership row directly (payments are another feature). */
async function member(email: string, membership?: "active" | "expired") {
  const cookie = await signIn(email, `Member ${email.split("@")[0]}`);
  if (membership) {
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const due = membership === "active" ? Date.now() + 10 * DAY : Date.now() - DAY;
    await db()
      .insert(memberships)
      .values({ userId: user.id, nextPaymentDue: new Date(due) });
  }
  return cookie;
}

function form(file: Blob | null, fields: Record<string, string>, fileName = "file.bin") {
  const body = new FormData();
  if (file) body.set("file", file, fileName);
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

const upload = (cookie: string, body: FormData) => call("/api/resources/upload", { method: "POST", body, cookie });

const bucketKeys = async () => (await testEnv.BLOBS.list()).objects.map((o) => o.key);
const rowCount = async () => (await db().select().from(resources)).length;

const dataUrl = (bytes: Uint8Array, type: string) => {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return `data:${type};base64,${btoa(bin)}`;
};

describe("resource access", () => {
  it(`answers 401 to anonymous callers, 403 { error } to unpaid and expired members, and serves paid members and \
admins`, async () => {
    const admin = await signIn("admin@example.com", "Ada Admin");
    const created = await upload(
      admin,
      form(new Blob(["hello world"], { type: "text/plain" }), { title: "Notes" }, "notes.txt"),
    );
    expect(created.status).toBe(201);
    const { id, file_url } = await json(created);
    expect(file_url).toBe(`/api/resources/${id}/file`);

    const unpaid = await member("unpaid@example.com");
    const expired = await member("expired@example.com", "expired");
    const paid = await member("paid@example.com", "active");

    for (const path of ["/api/resources", file_url]) {
      expect((await call(path)).status).toBe(401);
      for (const cookie of [unpaid, expired]) {
        const denied = await call(path, { cookie });
        expect(denied.status).toBe(403);
        expect(await json(denied)).toEqual({ error: TEXTS.resources.membershipRequired, code: "membership_required" });
      }
      expect((await call(path, { cookie: paid })).status).toBe(200);
      expect((await call(path, { cookie: admin })).status).toBe(200);
    }
    expect(await (await call(file_url, { cookie: paid })).text()).toBe("hello world");
  });

  it("checks the membership on every file request, not once", async () => {
    const admin = await signIn("admin@example.com");
    const { file_url } = await json(
      await upload(admin, form(new Blob(["x"], { type: "text/plain" }), { title: "X" }, "x.txt")),
    );
    const paid = await member("soon@example.com", "active");
    expect((await call(file_url, { cookie: paid })).status).toBe(200);
    await db()
      .update(memberships)
      .set({ nextPaymentDue: new Date(Date.now() - 1000) });
    expect((await call(file_url, { cookie: paid })).status).toBe(403);
    expect((await call("/api/resources", { cookie: paid })).status).toBe(403);
  });

  it("lists newest first with the spec's fields, owner recorded, tags as JSON text", async () => {
    const paid = await member("writer@example.com", "active");
    await upload(
      paid,
      form(new Blob(["one"], { type: "text/plain" }), { title: "First", tags: " calm, ,sleep ,calm" }, "one.txt"),
    );
    await upload(
      paid,
      form(
        new Blob(["# two"], { type: "" }),
        { title: "  Second  ", description: "  about two ", tags: '["guide", " "]' },
        "two.md",
      ),
    );
    const list = await json<any[]>(await call("/api/resources", { cookie: paid }));
    expect(list.map((r) => r.title)).toEqual(["Second", "First"]);
    expect(list[0]).toMatchObject({
      description: "about two",
      file_name: "two.md",
      file_type: "text/markdown",
      file_size: 5,
      kind: "upload",
      tags: '["guide"]',
      owner_name: "Member writer",
    });
    expect(typeof list[0].created_at).toBe("string");
    expect(list[1].tags).toBe('["calm","sleep"]');
    expect(list[1].description).toBeNull();
  });
});

describe("resource upload", () => {
  it("accepts exactly 50 MB and refuses 50 MB + 1 byte with 413, leaving nothing in R2 or D1", async () => {
    const admin = await signIn("admin@example.com");
    const max = LIMITS.resourceUploadMaxBytes;
    const tooBig = await upload(
      admin,
      form(new Blob([new Uint8Array(max + 1)], { type: "application/zip" }), { title: "Big" }, "big.zip"),
    );
    expect(tooBig.status).toBe(413);
    expect(await json(tooBig)).toEqual({ error: TEXTS.resources.tooLarge, code: "file_too_large" });
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount()).toBe(0);

    const exact = await upload(
      admin,
      form(new Blob([new Uint8Array(max)], { type: "application/zip" }), { title: "Exact" }, "exact.zip"),
    );
    expect(exact.status).toBe(201);
    expect((await json(exact)).file_size).toBe(max);
    const [object] = (await testEnv.BLOBS.list()).objects;
    expect(object.size).toBe(max);
  }, 60_000);

  it("refuses a declared body over the limit before reading it, and an oversized data URL", async () => {
    const admin = await signIn("admin@example.com");
    const declared = await call("/api/resources/upload", {
      method: "POST",
      cookie: admin,
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(LIMITS.resourceUploadMaxBytes * 2),
      },
      body: new ReadableStream({ start: (c) => c.close() }),
    });
    expect(declared.status).toBe(413);

    const big = await call("/api/resources/upload", {
      method: "POST",
      cookie: admin,
      json: {
        title: "Big",
        file_name: "a.zip",
        file_type: "application/zip",
        file_data: `data:application/zip;base64,${"A".repeat(Math.ceil((LIMITS.resourceUploadMaxBytes + 1) / 3) * 4)}`,
      },
    });
    expect(big.status).toBe(413);
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount()).toBe(0);
  }, 60_000);

  it("accepts the spec's JSON body with a data URL", async () => {
    const admin = await signIn("admin@example.com");
    const res = await call("/api/resources/upload", {
      method: "POST",
      cookie: admin,
      json: {
        title: "Poem",
        description: "",
        file_data: dataUrl(new TextEncoder().encode("<p>hi</p>"), "text/html"),
        file_name: "poem.html",
        file_type: "text/html",
        tags: ["a ", "", "b"],
      },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      title: "Poem",
      description: null,
      file_type: "text/html",
      file_name: "poem.html",
      tags: '["a","b"]',
    });
    const file = await call(body.file_url, { cookie: admin });
    expect(await file.text()).toBe("<p>hi</p>");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("refuses types outside docs/spec.md §5, a missing title and a missing file", async () => {
    const admin = await signIn("admin@example.com");
    for (const [type, name] of [
      ["application/x-msdownload", "setup.exe"],
      ["application/javascript", "x.js"],
      ["", "mystery.bin"],
    ]) {
      const res = await upload(admin, form(new Blob(["MZ..."], { type }), { title: "Nope" }, name));
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ error: TEXTS.resources.typeNotSupported });
    }
    const noTitle = await upload(admin, form(new Blob(["x"], { type: "text/plain" }), { title: "   " }, "x.txt"));
    expect(noTitle.status).toBe(400);
    expect((await json(noTitle)).error).toContain(TEXTS.resources.titleRequired);
    const noFile = await upload(admin, form(null, { title: "Empty" }));
    expect(noFile.status).toBe(400);
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount()).toBe(0);
  });

  it(`refuses a renamed executable declared as an image and stores real images with the type their bytes \
prove`, async () => {
    const admin = await signIn("admin@example.com");
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]);
    const fake = await upload(admin, form(new Blob([exe], { type: "image/png" }), { title: "Cat" }, "cat.png"));
    expect(fake.status).toBe(400);
    expect(await json(fake)).toEqual({ error: TEXTS.resources.typeNotSupported, code: "file_type_not_supported" });
    const fakeJson = await call("/api/resources/upload", {
      method: "POST",
      cookie: admin,
      json: {
        title: "Cat",
        file_data: dataUrl(exe, "image/png"),
        file_name: "cat.png",
        file_type: "image/png",
        tags: [],
      },
    });
    expect(fakeJson.status).toBe(400);
    expect(await bucketKeys()).toEqual([]);

    const real = await upload(admin, form(new Blob([PNG], { type: "image/jpeg" }), { title: "Real" }, "real.jpg"));
    expect(real.status).toBe(201);
    const body = await json(real);
    expect(body.file_type).toBe("image/png");
    const file = await call(body.file_url, { cookie: admin });
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="real.jpg"/);
  });

  it("generates the R2 key and keeps the original name only as metadata", async () => {
    const admin = await signIn("admin@example.com");
    const res = await upload(
      admin,
      form(new Blob(["%PDF-1.4"], { type: "application/pdf" }), { title: "Doc" }, "../../etc/passwd report.pdf"),
    );
    expect(res.status).toBe(201);
    const [row] = await db().select().from(resources);
    expect(row.fileKey).toMatch(/^resources\/\d{4}-\d{2}\/[A-Za-z0-9_-]{24}$/);
    expect(row.fileName).toBe("passwd report.pdf");
    const object = await testEnv.BLOBS.head(row.fileKey!);
    expect(object?.customMetadata?.fileName).toBe("passwd report.pdf");
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
  });

  it("refuses anonymous, unpaid and cross-site uploads", async () => {
    const body = () => form(new Blob(["x"], { type: "text/plain" }), { title: "X" }, "x.txt");
    expect((await call("/api/resources/upload", { method: "POST", body: body() })).status).toBe(401);
    expect((await upload(await member("free@example.com"), body())).status).toBe(403);
    const admin = await signIn("admin@example.com");
    expect(
      (
        await call("/api/resources/upload", {
          method: "POST",
          body: body(),
          cookie: admin,
          headers: { origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    expect(await rowCount()).toBe(0);
  });
});

describe("resource files", () => {
  it("serves Range requests with the right bytes, ETags and the sandboxing headers", async () => {
    const admin = await signIn("admin@example.com");
    const audio = new Uint8Array(1000).map((_, i) => i % 251);
    const { file_url } = await json(
      await upload(admin, form(new Blob([audio], { type: "audio/mpeg" }), { title: "Song" }, "song.mp3")),
    );

    const partial = await call(file_url, { cookie: admin, headers: { range: "bytes=100-199" } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(audio.slice(100, 200));

    const full = await call(file_url, { cookie: admin });
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("audio/mpeg");
    expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    expect(full.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(full.headers.get("content-disposition")).toMatch(/^inline; filename="song.mp3"/);
    const etag = full.headers.get("etag")!;
    await full.arrayBuffer();
    expect((await call(file_url, { cookie: admin, headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("answers 404 for unknown ids and 400 for non-numeric ones", async () => {
    const admin = await signIn("admin@example.com");
    expect((await call("/api/resources/999/file", { cookie: admin })).status).toBe(404);
    expect((await call("/api/resources/abc/file", { cookie: admin })).status).toBe(400);
  });
});

describe("resource edit and delete", () => {
  async function seed() {
    const admin = await signIn("admin@example.com");
    const res = await json(
      await upload(admin, form(new Blob(["body"], { type: "text/plain" }), { title: "Old", tags: "a" }, "a.txt")),
    );
    return { admin, id: res.id as number, file_url: res.file_url as string };
  }

  it("lets admins edit title, description and tags", async () => {
    const { admin, id } = await seed();
    const res = await call(`/api/resources/${id}`, {
      method: "PUT",
      cookie: admin,
      json: { title: " New ", description: " d ", tags: [" x", "", "y "] },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ title: "New", description: "d", tags: '["x","y"]' });
    const bad = await call(`/api/resources/${id}`, { method: "PUT", cookie: admin, json: { title: "", tags: [] } });
    expect(bad.status).toBe(400);
    expect(
      (await call(`/api/resources/999`, { method: "PUT", cookie: admin, json: { title: "T", tags: [] } })).status,
    ).toBe(404);
  });

  it("refuses edit and delete to non-admins, paying or not", async () => {
    const { id } = await seed();
    const paid = await member("paid@example.com", "active");
    const unpaid = await member("unpaid@example.com");
    for (const cookie of [paid, unpaid]) {
      expect(
        (await call(`/api/resources/${id}`, { method: "PUT", cookie, json: { title: "Hacked", tags: [] } })).status,
      ).toBe(403);
      expect((await call(`/api/resources/${id}`, { method: "DELETE", cookie })).status).toBe(403);
    }
    expect((await call(`/api/resources/${id}`, { method: "DELETE" })).status).toBe(401);
    const [row] = await db().select().from(resources);
    expect(row.title).toBe("Old");
    expect(await bucketKeys()).toHaveLength(1);
  });

  it("deletes the row and its R2 object", async () => {
    const { admin, id, file_url } = await seed();
    expect(await bucketKeys()).toHaveLength(1);
    const res = await call(`/api/resources/${id}`, { method: "DELETE", cookie: admin });
    expect(res.status).toBe(200);
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount()).toBe(0);
    expect((await call(file_url, { cookie: admin })).status).toBe(404);
    expect((await call(`/api/resources/${id}`, { method: "DELETE", cookie: admin })).status).toBe(404);
  });
});

// Security round 2, attack 4: media types are parsed strictly (one type/subtype, parameters handled), only the
// listed types are accepted, and HTML, SVG, XML and JavaScript are never served inline: they go out as
// application/octet-stream attachments, with nosniff and the sandboxing CSP on every file response.
import { describe, expect, it } from "vitest";
import { parseMediaType, servedMediaType } from "../../worker/platform/media-type";
import { putBlob } from "../../worker/platform/storage";
import { checkedResourceType, cleanFileName, decodeDataUrl, storeBlobWithRow } from "../../worker/platform/uploads";
import { TEXTS } from "../../worker/shared/texts";
import { call, json, testEnv } from "./helpers";
import { IDS, PNG, RESOURCE_KEY, seedWorld, snapshot } from "./seed";

const text = (s: string) => new TextEncoder().encode(s);

function resourceForm(bytes: Uint8Array, type: string, fileName: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.set("title", "Attack");
  body.set("file", new File([bytes as BlobPart], fileName, { type }));
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

const expectSandboxed = (res: Response) => {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
};

describe("parseMediaType", () => {
  it("reads exactly one type/subtype with its parameters", () => {
    expect(parseMediaType('Audio/MPEG; a=b; charset="utf-8"')).toEqual({
      type: "audio",
      subtype: "mpeg",
      essence: "audio/mpeg",
      params: { a: "b", charset: "utf-8" },
    });
    expect(parseMediaType("image/png")?.essence).toBe("image/png");
    expect(parseMediaType("text/javascript")?.essence).toBe("text/javascript");
  });

  it("refuses lists, missing parts and stray characters", () => {
    for (const bad of [
      "audio/mpeg;a=b, text/html",
      "audio/mpeg, text/html",
      "audio/mpeg text/html",
      "audio/",
      "/mpeg",
      "audio",
      "audio/mpeg;",
      "audio/mpeg;a",
      'audio/mpeg;a="b',
      "audio/mp(eg)",
      "",
    ]) {
      expect(parseMediaType(bad), bad).toBeNull();
    }
  });

  it(`serves only raster images, audio, video and PDF as themselves, inline; everything else as a neutral \
download`, () => {
    expect(servedMediaType("audio/mpeg;a=b")).toEqual({ contentType: "audio/mpeg", inline: true });
    expect(servedMediaType("application/pdf")).toEqual({ contentType: "application/pdf", inline: true });
    for (const active of [
      "text/html",
      "image/svg+xml",
      "text/xml",
      "application/xml",
      "text/javascript",
      "application/javascript",
      "text/css",
      "audio/mpeg;a=b, text/html",
      "text/plain",
      undefined,
    ]) {
      expect(servedMediaType(active), String(active)).toEqual({
        contentType: "application/octet-stream",
        inline: false,
      });
    }
  });
});

describe("the uploads module", () => {
  it("decodes data URLs strictly: one media type, real base64, size checked before decoding", () => {
    const messages = { invalid: "bad", tooLarge: "big" };
    expect(decodeDataUrl(`data:audio/mpeg;a=b;base64,${btoa("abc")}`, 10, messages).mediaType.essence).toBe(
      "audio/mpeg",
    );
    expect(() => decodeDataUrl(`data:audio/mpeg;a=b, text/html;base64,${btoa("abc")}`, 10, messages)).toThrow("bad");
    expect(() => decodeDataUrl("data:text/plain;base64,@@@@", 10, messages)).toThrow("bad");
    expect(() => decodeDataUrl(`data:text/plain;base64,${btoa("x".repeat(11))}`, 10, messages)).toThrow("big");
  });

  it("cleans file names: no path, no control characters, bounded, a fallback when nothing is left", () => {
    expect(cleanFileName("../../etc/pass\u0000wd", "download")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\x\\photo].png", "image")).toBe("photo.png");
    expect(cleanFileName("/\u0007", "image")).toBe("image");
    expect(cleanFileName(`${"a".repeat(300)}.txt`, "download", 100)).toHaveLength(100);
  });

  it("stores a library type as its bare type/subtype, by extension when the browser gave none", () => {
    expect(checkedResourceType("audio/mpeg; a=b", "song.mp3", new Uint8Array())).toBe("audio/mpeg");
    expect(checkedResourceType("", "notes.md", new Uint8Array())).toBe("text/markdown");
    expect(checkedResourceType("image/png", "a.png", PNG)).toBe("image/png");
    expect(() => checkedResourceType("audio/mpeg;a=b, text/html", "a.mp3", new Uint8Array())).toThrow(
      TEXTS.resources.typeNotSupported,
    );
    expect(() => checkedResourceType("application/xml", "a.xml", new Uint8Array())).toThrow(
      TEXTS.resources.typeNotSupported,
    );
  });

  it("removes the object again when its row cannot be written", async () => {
    await expect(
      storeBlobWithRow(
        testEnv.BLOBS,
        { prefix: "resources", body: text("x"), size: 1, contentType: "text/plain", fileName: "x.txt" },
        async () => {
          throw new Error("row failed");
        },
      ),
    ).rejects.toThrow("row failed");
    expect((await testEnv.BLOBS.list()).objects).toEqual([]);
  });
});

describe("attack: an upload typed `audio/mpeg;a=b, text/html` is served back as HTML", () => {
  it(
    "security round 2 attack 4: an upload typed `audio/mpeg;a=b, text/html` is refused as a multipart upload, as a " +
      "JSON data URL and as a declared file_type; nothing is stored",
    async () => {
      const world = await seedWorld();
      const before = await snapshot({ exclude: ["rate_limits"] });
      const html = text("<script>alert(document.cookie)</script>");
      const attempts = [
        call("/api/resources/upload", {
          method: "POST",
          cookie: world.cookie.paid,
          body: resourceForm(html, "audio/mpeg;a=b, text/html", "song.mp3"),
        }),
        call("/api/resources/upload", {
          method: "POST",
          cookie: world.cookie.paid,
          body: resourceForm(html, "audio/mpeg", "song.mp3", { file_type: "audio/mpeg;a=b, text/html" }),
        }),
        call("/api/resources/upload", {
          method: "POST",
          cookie: world.cookie.paid,
          json: {
            title: "Attack",
            file_name: "song.mp3",
            file_data: `data:audio/mpeg;base64,${btoa("<script>")}`,
            file_type: "audio/mpeg;a=b, text/html",
          },
        }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        expect(await json(res)).toMatchObject({ error: TEXTS.resources.typeNotSupported });
      }
      const chatImage = new FormData();
      chatImage.set("group_id", String(IDS.publicChannel));
      chatImage.set("image", new File([PNG as BlobPart], "a.png", { type: "image/png, text/html" }));
      const chat = await call("/api/messages/image", { method: "POST", cookie: world.cookie.member, body: chatImage });
      expect(chat.status).toBe(400);
      expect(await json(chat)).toMatchObject({ error: TEXTS.chat.imageTypeInvalid });
      expect(await snapshot({ exclude: ["rate_limits"] })).toEqual(before);
    },
  );

  it("a file stored with such a type before this rule is served as a neutral download, not inline", async () => {
    const world = await seedWorld();
    await putBlob(testEnv.BLOBS, RESOURCE_KEY, text("<script>alert(1)</script>"), {
      contentType: "audio/mpeg;a=b, text/html",
      fileName: "song.mp3",
    });
    const res = await call(`/api/resources/${IDS.resource}/file`, { cookie: world.cookie.paid });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/octet-stream");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    expectSandboxed(res);
  });

  it("a safe type with parameters is stored and served bare and inline, sandboxed", async () => {
    const world = await seedWorld();
    const created = await call("/api/resources/upload", {
      method: "POST",
      cookie: world.cookie.paid,
      body: resourceForm(text("ID3 not really"), "audio/mpeg; a=b", "song.mp3"),
    });
    expect(created.status).toBe(201);
    const resource = await json<{ file_url: string; file_type: string }>(created);
    expect(resource.file_type).toBe("audio/mpeg");
    const res = await call(resource.file_url, { cookie: world.cookie.paid });
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-disposition")).toMatch(/^inline;/);
    expectSandboxed(res);
  });
});

describe("attack: a `text/javascript` upload served same-origin as a script (defeating script-src 'self')", () => {
  const active: [string, string, string][] = [
    ["text/javascript", "gadget.js", "alert(document.domain)"],
    ["text/html", "page.html", "<script>alert(1)</script>"],
    ["image/svg+xml", "icon.svg", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    [
      "text/xml",
      "feed.xml",
      '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
    ],
    ["text/css", "style.css", "body{background:url(//evil.example)}"],
  ];
  for (const [type, fileName, content] of active) {
    it(`${type} is only ever served as an application/octet-stream attachment with nosniff and the \
sandbox CSP`, async () => {
      const world = await seedWorld();
      const created = await call("/api/resources/upload", {
        method: "POST",
        cookie: world.cookie.paid,
        body: resourceForm(text(content), type, fileName),
      });
      expect(created.status).toBe(201);
      const { file_url } = await json<{ file_url: string }>(created);
      const res = await call(file_url, { cookie: world.cookie.paid });
      expect(res.status).toBe(200);
      // With nosniff, a browser refuses to run a non-JavaScript type as a script or a non-CSS type as a style.
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
      expectSandboxed(res);
    });
  }

  it("a JavaScript type outside the spec's list (application/javascript) is refused outright", async () => {
    const world = await seedWorld();
    const res = await call("/api/resources/upload", {
      method: "POST",
      cookie: world.cookie.paid,
      body: resourceForm(text("alert(1)"), "application/javascript", "x.js"),
    });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: TEXTS.resources.typeNotSupported });
  });
});

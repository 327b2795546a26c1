import { describe, expect, it } from "vitest";
import { contentDisposition, newBlobKey, putBlob, serveBlob, sniffImageType } from "../../worker/platform/storage";
import { testEnv } from "./helpers";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

describe("storage", () => {
  it("recognises images by their bytes, not their names", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("MZ\x90\x00 this is an executable"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="x">'))).toBeNull();
  });

  it("generates keys that never contain the user's file name", () => {
    const key = newBlobKey("resources");
    expect(key).toMatch(/^resources\/\d{4}-\d{2}\/[A-Za-z0-9_-]{24}$/);
    expect(newBlobKey("resources")).not.toBe(key);
  });

  it("serves inline only images, media and PDF, and always attaches SVG and HTML", () => {
    expect(contentDisposition("a.png", "image/png")).toMatch(/^inline/);
    expect(contentDisposition("a.pdf", "application/pdf")).toMatch(/^inline/);
    expect(contentDisposition("a.mp3", "audio/mpeg")).toMatch(/^inline/);
    expect(contentDisposition("a.svg", "image/svg+xml")).toMatch(/^attachment/);
    expect(contentDisposition("a.html", "text/html")).toMatch(/^attachment/);
    expect(contentDisposition('we"ird ñame.txt', "text/plain")).toBe(
      `attachment; filename="we_ird _ame.txt"; filename*=UTF-8''we%22ird%20%C3%B1ame.txt`,
    );
  });

  it("serves ranges, ETags and conditional GETs with sandboxing headers", async () => {
    const bytes = new TextEncoder().encode("0123456789abcdefghij");
    await putBlob(testEnv.BLOBS, "t/one", bytes, { contentType: "audio/mpeg", fileName: "song.mp3" });

    const full = await serveBlob(new Request("http://x/f"), testEnv.BLOBS, "t/one");
    expect(full.status).toBe(200);
    expect(await full.text()).toBe("0123456789abcdefghij");
    expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    expect(full.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(full.headers.get("content-type")).toBe("audio/mpeg");
    const etag = full.headers.get("etag")!;

    const partial = await serveBlob(
      new Request("http://x/f", { headers: { range: "bytes=5-9" } }),
      testEnv.BLOBS,
      "t/one",
    );
    expect(partial.status).toBe(206);
    expect(partial.headers.get("content-range")).toBe("bytes 5-9/20");
    expect(await partial.text()).toBe("56789");

    const suffix = await serveBlob(
      new Request("http://x/f", { headers: { range: "bytes=-3" } }),
      testEnv.BLOBS,
      "t/one",
    );
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe("hij");

    const notModified = await serveBlob(
      new Request("http://x/f", { headers: { "if-none-match": etag } }),
      testEnv.BLOBS,
      "t/one",
    );
    expect(notModified.status).toBe(304);

    const outside = await serveBlob(
      new Request("http://x/f", { headers: { range: "bytes=50-60" } }),
      testEnv.BLOBS,
      "t/one",
    );
    expect(outside.status).toBe(416);

    expect((await serveBlob(new Request("http://x/f"), testEnv.BLOBS, "t/missing")).status).toBe(404);
  });
});

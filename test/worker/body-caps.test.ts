// Security round 2, attack 2: bodies are capped on the stream, per route family. Reading stops at the cap and the
// answer is 413 JSON, whether the body is chunked (no length) or its Content-Length lies.
import { describe, expect, it } from "vitest";
import { bodyCap, FILE_BODY_OVERHEAD } from "../../worker/platform/body-guard";
import { LIMITS } from "../../worker/shared/rules";
import { errorCodeOf, TEXTS } from "../../worker/shared/texts";
import { type CallOptions, call, json } from "./helpers";
import { type Caller, IDS, seedWorld, snapshot } from "./seed";

const CHUNK = 64 * 1024;
/**
 * What the attack sends: 48 MB (more for the resource upload, whose cap is above that), produced only as fast as the
 * worker reads it.
 */
const ATTACK_BYTES = 48 * 1024 * 1024;

/** A body source of `total` bytes that counts how much the worker pulled from it. */
function source(prefix: string, total = ATTACK_BYTES) {
  const counter = { pulled: 0 };
  const head = new TextEncoder().encode(prefix);
  const filler = new TextEncoder().encode("a".repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      const chunk = counter.pulled === 0 ? head : filler;
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

type Family = {
  name: string;
  method: string;
  path: string;
  caller: Caller;
  contentType: string;
  prefix: string;
  message: string;
};

const BOUNDARY = "----cap";
const multipartHead = (field: string, type: string) =>
  [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="group_id"',
    "",
    String(IDS.publicChannel),
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="title"',
    "",
    "Big",
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="${field}"; filename="big.bin"`,
    `Content-Type: ${type}`,
    "",
    "",
  ].join("\r\n");

const FAMILIES: Family[] = [
  {
    name: "a post (JSON write)",
    method: "POST",
    path: "/api/posts",
    caller: "member",
    contentType: "application/json",
    prefix: '{"content":"',
    message: TEXTS.api.bodyTooLarge,
  },
  {
    name: "a channel (JSON write)",
    method: "POST",
    path: "/api/groups",
    caller: "member",
    contentType: "application/json",
    prefix: '{"name":"',
    message: TEXTS.api.bodyTooLarge,
  },
  {
    name: "a channel edit (JSON write)",
    method: "PUT",
    path: `/api/groups/${IDS.publicChannel}`,
    caller: "owner",
    contentType: "application/json",
    prefix: '{"name":"',
    message: TEXTS.api.bodyTooLarge,
  },
  {
    name: "a profile (JSON write)",
    method: "PUT",
    path: "/api/profile",
    caller: "member",
    contentType: "application/json",
    prefix: '{"goals":"',
    message: TEXTS.api.bodyTooLarge,
  },
  {
    name: "an admin write (JSON)",
    method: "POST",
    path: "/api/admin/members",
    caller: "admin",
    contentType: "application/json",
    prefix: '{"email":"',
    message: TEXTS.api.bodyTooLarge,
  },
  {
    name: "a chat message with a data URL",
    method: "POST",
    path: "/api/messages",
    caller: "member",
    contentType: "application/json",
    prefix: `{"group_id":${IDS.publicChannel},"body":"x","image_url":"data:image/png;base64,`,
    message: TEXTS.chat.imageTooLarge,
  },
  {
    name: "a chat image (multipart)",
    method: "POST",
    path: "/api/messages/image",
    caller: "member",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    prefix: multipartHead("image", "image/png"),
    message: TEXTS.chat.imageTooLarge,
  },
  {
    name: "a resource upload (multipart)",
    method: "POST",
    path: "/api/resources/upload",
    caller: "paid",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    prefix: multipartHead("file", "text/plain"),
    message: TEXTS.resources.tooLarge,
  },
  {
    name: "a resource upload (JSON data URL)",
    method: "POST",
    path: "/api/resources/upload",
    caller: "paid",
    contentType: "application/json",
    prefix: '{"title":"Big","file_name":"big.txt","file_data":"data:text/plain;base64,',
    message: TEXTS.resources.tooLarge,
  },
];

describe("the caps per route family", () => {
  it(`are small for JSON writes and the files' own maxima (plus framing) for the chat image and resource \
upload`, () => {
    expect(bodyCap("/api/posts", "application/json").max).toBe(LIMITS.jsonBodyMaxBytes);
    expect(LIMITS.jsonBodyMaxBytes).toBeLessThanOrEqual(128 * 1024);
    expect(bodyCap("/api/messages/image", "multipart/form-data").max).toBe(
      LIMITS.chatImageMaxBytes + FILE_BODY_OVERHEAD,
    );
    expect(bodyCap("/api/resources/upload", "multipart/form-data").max).toBe(
      LIMITS.resourceUploadMaxBytes + FILE_BODY_OVERHEAD,
    );
    expect(bodyCap("/api/resources/upload", "application/json").max).toBe(
      Math.ceil(LIMITS.resourceUploadMaxBytes / 3) * 4 + FILE_BODY_OVERHEAD,
    );
  });
});

describe("attack: a 48 MB body the headers understate", () => {
  for (const family of FAMILIES) {
    const cap = bodyCap(family.path, family.contentType.split(";")[0]).max;
    for (const declared of [undefined, "64"] as const) {
      // The attack's own example is the security suite's test of this attack (test/worker/security.test.ts lists them).
      const headline = family.method === "POST" && family.path === "/api/posts" && !declared;
      const name = headline
        ? "security round 2 attack 2: a chunked 48 MB body to POST /api/posts"
        : `${family.name}: ${declared ? "a lying Content-Length" : "chunked, no length"}`;
      it(`${name} is cut at the cap and answered 413 JSON, nothing stored`, async () => {
        const world = await seedWorld();
        const before = await snapshot({ exclude: ["rate_limits"] });
        const { stream, counter } = source(family.prefix, Math.max(ATTACK_BYTES, cap + 8 * 1024 * 1024));
        const headers: Record<string, string> = { "content-type": family.contentType };
        if (declared) headers["content-length"] = declared;
        const res = await call(family.path, {
          method: family.method,
          cookie: world.cookie[family.caller],
          headers,
          body: stream,
          duplex: "half",
        } as CallOptions);
        expect(res.status).toBe(413);
        expect(res.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await json(res)).toEqual({ error: family.message, code: errorCodeOf(family.message) });
        // Reading stopped at the cap (give or take the chunks in flight), far from the 48 MB sent.
        expect(counter.pulled).toBeGreaterThan(cap);
        expect(counter.pulled).toBeLessThan(cap + 4 * CHUNK);
        expect(await snapshot({ exclude: ["rate_limits"] })).toEqual(before);
      });
    }
  }

  it("a declared length over the cap is 413 before anything is read", async () => {
    const world = await seedWorld();
    const { stream, counter } = source('{"content":"');
    const res = await call("/api/posts", {
      method: "POST",
      cookie: world.cookie.member,
      headers: { "content-type": "application/json", "content-length": String(ATTACK_BYTES) },
      body: stream,
      duplex: "half",
    } as CallOptions);
    expect(res.status).toBe(413);
    expect(await json(res)).toEqual({ error: TEXTS.api.bodyTooLarge, code: "body_too_large" });
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK + 100);
  });

  it("a body under the cap still goes through (the cap cuts nothing it should not)", async () => {
    const world = await seedWorld();
    const res = await call("/api/posts", {
      method: "POST",
      cookie: world.cookie.member,
      json: { content: "é".repeat(LIMITS.postMax) },
    });
    expect(res.status).toBe(201);
  });
});

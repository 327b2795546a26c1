// A lesson's media in resumable parts (client/programs/upload.ts): a part lost on the way is sent again; an upload
// interrupted for good resumes later from the parts the server has, sending only the rest.
import { afterEach, describe, expect, it } from "vitest";
import { uploadInParts } from "../../client/programs/upload";
import { stubFetch } from "./render";

afterEach(() => localStorage.clear());

/** A server for one upload of `parts` 4-byte parts: which arrived, and each request it saw. */
function server(options: { parts: number; fail: (part: number, attempt: number) => boolean }) {
  const arrived = new Set<number>();
  const attempts = new Map<number, number>();
  const seen: string[] = [];
  const fetchMock = stubFetch((url, init) => {
    seen.push(`${init?.method ?? "GET"} ${url}`);
    if (url === "/api/lessons/7/uploads" && init?.method === "POST")
      return { status: 201, body: { upload_id: "up-1", part_size: 4, parts: options.parts, done: [] } };
    if (url === "/api/lessons/7/uploads/up-1" && (init?.method ?? "GET") === "GET")
      return { status: 200, body: { upload_id: "up-1", part_size: 4, parts: options.parts, done: [...arrived] } };
    const part = /\/parts\/(\d+)$/.exec(url);
    if (part) {
      const n = Number(part[1]);
      const attempt = (attempts.get(n) ?? 0) + 1;
      attempts.set(n, attempt);
      if (options.fail(n, attempt)) return undefined; // the connection dropped
      arrived.add(n);
      return { status: 200, body: { part: n, etag: `e${n}` } };
    }
    if (url.endsWith("/complete")) return { status: 200, body: { lesson: { id: 7 } } };
    return undefined;
  });
  return { arrived, attempts, seen, fetchMock };
}

const file = () => new File([new Uint8Array(10)], "long.ogg", { type: "audio/ogg" });

describe("uploading a lesson's media in parts", () => {
  it("sends a dropped part again, then completes", async () => {
    const s = server({ parts: 3, fail: (n, attempt) => n === 2 && attempt === 1 });
    const progress: number[] = [];
    await uploadInParts(7, file(), (f) => progress.push(f));
    expect([...s.arrived].sort()).toEqual([1, 2, 3]);
    expect(s.attempts.get(2)).toBe(2);
    expect(s.seen.at(-1)).toBe("POST /api/lessons/7/uploads/up-1/complete");
    expect(progress.at(-1)).toBe(1);
  });

  it("an upload stopped by a lasting failure resumes later from the parts the server has", async () => {
    let down = true;
    const s = server({ parts: 3, fail: (n) => n === 3 && down });
    await expect(uploadInParts(7, file(), () => undefined)).rejects.toBeTruthy();
    expect([...s.arrived].sort()).toEqual([1, 2]);
    down = false;
    s.seen.length = 0;
    await uploadInParts(7, file(), () => undefined);
    // Resumed: asked which parts arrived, sent only the third, completed; no new upload started.
    expect(s.seen).toEqual([
      "GET /api/lessons/7/uploads/up-1",
      "PUT /api/lessons/7/uploads/up-1/parts/3",
      "POST /api/lessons/7/uploads/up-1/complete",
    ]);
  });
});

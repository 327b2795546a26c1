// R2 blobs (resource files, chat images, AI images, event covers): generated keys, content sniffing, and serving
// with Range, ETag/conditional GET, nosniff and a sandboxing CSP.

import { API_ERRORS } from "../shared/texts";
import { randomToken } from "./crypto";
import { errorBody } from "./errors";
import { servedMediaType } from "./media-type";

/** A fresh object key under `prefix/`; never built from a user's file name. */
export const newBlobKey = (prefix: "resources" | "chat" | "ai" | "events" | "lessons" | "programs") =>
  `${prefix}/${new Date().toISOString().slice(0, 7)}/${randomToken(18)}`;

const IMAGE_SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  {
    type: "image/png",
    test: (b) =>
      b[0] === 0x89 &&
      b[1] === 0x50 &&
      b[2] === 0x4e &&
      b[3] === 0x47 &&
      b[4] === 0x0d &&
      b[5] === 0x0a &&
      b[6] === 0x1a &&
      b[7] === 0x0a,
  },
  { type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: "image/gif", test: (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38 },
  { type: "image/webp", test: (b) => ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP" },
  { type: "image/avif", test: (b) => ascii(b, 4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(b, 8, 12)) },
  { type: "image/bmp", test: (b) => b[0] === 0x42 && b[1] === 0x4d },
];

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

/** The image type the first bytes of a file prove, or null. SVG is never accepted as an image here. */
export function sniffImageType(head: Uint8Array): string | null {
  return IMAGE_SIGNATURES.find((s) => head.length >= 12 && s.test(head))?.type ?? null;
}

/** True when the bytes are a real image of a raster type (the declared type may differ: jpg vs jpeg). */
export const isRealImage = (head: Uint8Array) => sniffImageType(head) !== null;

export type StoredBlobMeta = { contentType: string; fileName: string };

export async function putBlob(
  bucket: R2Bucket,
  key: string,
  body: ReadableStream | ArrayBuffer | Uint8Array,
  meta: StoredBlobMeta,
  size?: number,
) {
  // A stream of known length can be put directly; R2 needs the length for streams.
  const value =
    body instanceof ReadableStream && size !== undefined ? body.pipeThrough(new FixedLengthStream(size)) : body;
  return bucket.put(key, value, {
    httpMetadata: { contentType: meta.contentType },
    customMetadata: { fileName: meta.fileName.slice(0, 255) },
  });
}

/**
 * RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name; inline only for types safe to render
 * (servedMediaType).
 */
export function contentDisposition(fileName: string, storedType: string): string {
  const kind = servedMediaType(storedType).inline ? "inline" : "attachment";
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_") || "download";
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Serves an R2 object: 200 or 206 for a Range, 304 for a matching If-None-Match, 416 for an
 * unsatisfiable range, 404 when missing. Files are sandboxed: nosniff and `default-src 'none'; sandbox`,
 * and HTML, SVG, XML, JavaScript and other active types go out as `application/octet-stream` attachments.
 */
export async function serveBlob(
  request: Request,
  bucket: R2Bucket,
  key: string,
  options: { cacheControl?: string; contentType?: string } = {},
): Promise<Response> {
  let object: R2Object | R2ObjectBody | null;
  try {
    object = await bucket.get(key, { range: request.headers, onlyIf: request.headers });
  } catch {
    // R2 refuses ranges outside the object.
    const head = await bucket.head(key);
    if (!head) return Response.json(errorBody(404, API_ERRORS.not_found), { status: 404 });
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${head.size}` } });
  }
  if (!object) return Response.json(errorBody(404, API_ERRORS.not_found), { status: 404 });
  // Whatever type was stored, only a type safe to render goes out as such; anything else is a neutral download.
  // A type proven at upload and kept with the row (a multipart upload's, known only after its first part) wins.
  const storedType = options.contentType ?? object.httpMetadata?.contentType ?? "";
  const headers = new Headers({
    "Content-Type": servedMediaType(storedType).contentType,
    ETag: object.httpEtag,
    "Accept-Ranges": "bytes",
    "Content-Disposition": contentDisposition(object.customMetadata?.fileName ?? "download", storedType),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": options.cacheControl ?? "private, max-age=3600",
  });
  // onlyIf failed: the client's copy is current.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const rangeHeader = request.headers.get("range");
  if (rangeHeader) {
    // R2 may ignore (or refuse) a range that starts past the end; answer 416 either way.
    const start = /^bytes=(\d+)-/.exec(rangeHeader)?.[1];
    if (start !== undefined && Number(start) >= object.size) {
      await object.body.cancel();
      return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${object.size}` } });
    }
    const range = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
    if (range) {
      const offset = range.suffix !== undefined ? Math.max(0, object.size - range.suffix) : (range.offset ?? 0);
      const length = Math.min(range.suffix ?? range.length ?? object.size - offset, object.size - offset);
      headers.set("Content-Range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
      headers.set("Content-Length", String(length));
      return new Response(object.body, { status: 206, headers });
    }
  }
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
}

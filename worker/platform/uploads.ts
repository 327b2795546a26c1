// What every stored file goes through (chat images, event covers, library uploads, AI output): strict media types,
// data-URL and base64 decoding, clean file names, and the R2 object plus its D1 row written together
// (the object is removed again when the row fails). Serving is worker/platform/storage.ts.

import { RESOURCE_EXTENSION_TYPES, RESOURCE_TYPE_PREFIXES } from "../shared/resource-files";
import { TEXTS } from "../shared/texts";
import { ApiError, badRequest } from "./errors";
import { type MediaType, NEUTRAL_TYPE, parseMediaType } from "./media-type";
import { newBlobKey, putBlob, sniffImageType } from "./storage";

// ---- base64 and data URLs ----

/** The exact number of bytes a base64 text holds, without decoding it. */
export function base64Size(b64: string): number {
  const clean = b64.replace(/\s+/g, "");
  const padding = clean.endsWith("==") ? 2 : clean.endsWith("=") ? 1 : 0;
  return Math.floor((clean.length * 3) / 4) - padding;
}

/** Decodes base64 in slices, so a large text is never held twice as a binary string; null when it is not base64. */
export function decodeBase64(b64: string): Uint8Array | null {
  const clean = b64.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  const out = new Uint8Array(base64Size(clean));
  const SLICE = 4 * 16 * 1024;
  let offset = 0;
  try {
    for (let i = 0; i < clean.length; i += SLICE) {
      const bin = atob(clean.slice(i, i + SLICE));
      for (let j = 0; j < bin.length; j++) out[offset++] = bin.charCodeAt(j);
    }
  } catch {
    return null;
  }
  return out.subarray(0, offset);
}

export type DecodedDataUrl = { mediaType: MediaType; bytes: Uint8Array };

/**
 * A base64 `data:` URL: its one media type (strictly parsed) and its bytes. A malformed URL is 400
 * `messages.invalid`; a payload over `maxBytes` is 413 `messages.tooLarge`, checked before decoding.
 */
export function decodeDataUrl(
  dataUrl: string,
  maxBytes: number,
  messages: { invalid: string; tooLarge: string },
): DecodedDataUrl {
  const match = /^data:([^,]*);base64,(.*)$/is.exec(dataUrl);
  const mediaType = match ? parseMediaType(match[1]) : null;
  if (!match || !mediaType) throw badRequest(messages.invalid);
  if (base64Size(match[2]) > maxBytes) throw new ApiError(413, messages.tooLarge);
  const bytes = decodeBase64(match[2]);
  if (!bytes) throw badRequest(messages.invalid);
  return { mediaType, bytes };
}

// ---- file names ----

/**
 * The name a person gave a file, without any path, control characters or brackets (it goes into '[Image: name]'),
 * bounded.
 */
export function cleanFileName(name: string, fallback: string, max = 255): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  return (
    base
      // biome-ignore lint/suspicious/noControlCharactersInRegex: a file name loses them.
      .replace(/[\u0000-\u001f\u007f\]]/g, "")
      .trim()
      .slice(-max) || fallback
  );
}

// ---- what each kind of upload accepts ----

/** An image (a chat image, an event's cover): declared as one, and its bytes must prove a raster type (returned, to
 * store). */
export function checkedImage(declaredType: string, bytes: Uint8Array): string {
  const declared = parseMediaType(declaredType);
  if (declared?.type !== "image") throw badRequest(TEXTS.chat.imageTypeInvalid);
  const sniffed = sniffImageType(bytes.subarray(0, 64));
  if (!sniffed) throw badRequest(TEXTS.chat.imageNotAnImage);
  return sniffed;
}

/**
 * A library file's type (docs/spec.md §5): the declared one, or, when the browser gave none or a generic one,
 * the one its extension implies; exactly one media type within the spec's prefixes, stored as its
 * bare `type/subtype`. A raster image must carry the magic bytes of one (and is stored as the type
 * they prove). HTML, SVG, XML and JavaScript pass this rule but are only ever served as downloads
 * with a neutral type (servedMediaType).
 */
export function checkedResourceType(declaredType: string | undefined, fileName: string, head: Uint8Array): string {
  const declared = (declaredType ?? "").trim();
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const candidate =
    declared && declared.toLowerCase() !== NEUTRAL_TYPE ? declared : (ext && RESOURCE_EXTENSION_TYPES[ext]) || "";
  const parsed = parseMediaType(candidate);
  if (!parsed || !RESOURCE_TYPE_PREFIXES.some((p) => parsed.essence.startsWith(p)))
    throw badRequest(TEXTS.resources.typeNotSupported);
  if (parsed.type !== "image" || parsed.essence === "image/svg+xml") return parsed.essence;
  const sniffed = sniffImageType(head);
  if (!sniffed) throw badRequest(TEXTS.resources.typeNotSupported);
  return sniffed;
}

// ---- the object and its row ----

export type BlobToStore = {
  prefix: Parameters<typeof newBlobKey>[0];
  /** A stream needs its exact size (R2 requires the length). */
  body: ReadableStream | ArrayBuffer | Uint8Array;
  size: number;
  contentType: string;
  fileName: string;
};

/**
 * Writes the object to R2 under a generated key, then its row through `writeRow(key)`. If the row
 * cannot be written the object is deleted again, so nothing is left half-written.
 */
export async function storeBlobWithRow<T>(
  bucket: R2Bucket,
  blob: BlobToStore,
  writeRow: (key: string) => Promise<T>,
): Promise<T> {
  const key = newBlobKey(blob.prefix);
  await putBlob(
    bucket,
    key,
    blob.body,
    { contentType: blob.contentType, fileName: blob.fileName },
    blob.body instanceof ReadableStream ? blob.size : undefined,
  );
  try {
    return await writeRow(key);
  } catch (err) {
    await bucket.delete(key).catch(() => undefined);
    throw err;
  }
}

// ---- a lesson's audio or video ----

export type LessonMediaType = { contentType: string; kind: "audio" | "video" };

/**
 * A lesson's media (MP3, M4A, OGG, WebM audio; MP4, WebM video), proven by its first bytes whatever was declared;
 * the declared type only tells a WebM or MP4 video from its audio-only form. Anything else is 415 `refused`.
 */
export function checkedLessonMedia(declaredType: string, head: Uint8Array, refused: string): LessonMediaType {
  const declaredVideo = parseMediaType(declaredType)?.type === "video";
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12) {
    if (text(0, 3) === "ID3" || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0))
      return { contentType: "audio/mpeg", kind: "audio" };
    if (text(0, 4) === "OggS") return { contentType: "audio/ogg", kind: "audio" };
    if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
      return declaredVideo
        ? { contentType: "video/webm", kind: "video" }
        : { contentType: "audio/webm", kind: "audio" };
    if (text(4, 8) === "ftyp") {
      const audioBrand = /^M4[AB] $/.test(text(8, 12));
      return audioBrand || !declaredVideo
        ? { contentType: "audio/mp4", kind: "audio" }
        : { contentType: "video/mp4", kind: "video" };
    }
  }
  throw new ApiError(415, refused);
}

// Media types, parsed strictly, and the one rule for how a stored file may be served. Used when a
// file is accepted (worker/platform/uploads.ts) and when it is served (worker/platform/storage.ts).

/** RFC 9110 token characters. */
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[^"\\\\\\x00-\\x08\\x0a-\\x1f\\x7f]|\\\\[\\t\\x20-\\x7e])*"';
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*)[ \\t]*$`);
const PARAMETER = new RegExp(`;[ \\t]*(${TOKEN})=(${TOKEN}|${QUOTED})`, "g");

export type MediaType = { type: string; subtype: string; essence: string; params: Record<string, string> };

/**
 * Parses exactly one media type, `type/subtype` with optional `; name=value` parameters (RFC 9110 §8.3.1).
 * Anything else, such as a list (`audio/mpeg;a=b, text/html`), a missing subtype or stray characters, is null.
 */
export function parseMediaType(value: string): MediaType | null {
  const match = MEDIA_TYPE.exec(value.trim());
  if (!match) return null;
  const type = match[1].toLowerCase();
  const subtype = match[2].toLowerCase();
  const params: Record<string, string> = {};
  for (const [, name, raw] of match[3].matchAll(PARAMETER)) {
    params[name.toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw;
  }
  return { type, subtype, essence: `${type}/${subtype}`, params };
}

/**
 * Types a browser may render inline from our origin: raster images, audio, video and PDF. Never HTML,
 * SVG, XML or JavaScript (or anything else that can run script or be loaded as a script or style).
 */
const INLINE_ESSENCE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+|application\/pdf)$/;
/** What every other file is served as: bytes to download, which no browser runs or renders. */
export const NEUTRAL_TYPE = "application/octet-stream";

/** How a stored file is served: its own type inline when that is safe, else a neutral attachment. */
export function servedMediaType(stored: string | undefined): { contentType: string; inline: boolean } {
  const parsed = stored ? parseMediaType(stored) : null;
  if (parsed && INLINE_ESSENCE.test(parsed.essence)) return { contentType: parsed.essence, inline: true };
  return { contentType: NEUTRAL_TYPE, inline: false };
}

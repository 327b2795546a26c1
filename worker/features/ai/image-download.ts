// Downloads an image a provider answered with as a URL (Straico), SSRF-safely: the provider's own
// configured origin, or a public https URL passing the link-preview checks (no IP literals, internal
// names, credentials or odd ports); redirects are followed by hand and re-checked; a timeout, a byte
// cap, and the bytes must prove a raster image type.

import { publicUrl } from "../../platform/public-url";
import { readAtMost } from "../../platform/read-at-most";
import { sniffImageType } from "../../platform/storage";
import { AI_LIMITS } from "../../shared/ai-rules";
import type { FetchLike } from "./types";

export class ImageDownloadError extends Error {}

/** Throws ImageDownloadError unless the URL may be fetched; returns it parsed. */
export function checkImageUrl(raw: string | URL, trustedOrigin: string | null): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageDownloadError("invalid URL");
  }
  if (trustedOrigin && url.origin === trustedOrigin && !url.username && !url.password) return url;
  const checked = publicUrl(url, ["https:"]);
  if ("refused" in checked)
    throw new ImageDownloadError(
      checked.refused === "scheme" ? "only https image links are fetched" : `refused: ${checked.refused}`,
    );
  return checked.url;
}

/** The origin of a configured base URL, or null. */
export function originOf(baseUrl: string | undefined): string | null {
  try {
    return baseUrl ? new URL(baseUrl).origin : null;
  } catch {
    return null;
  }
}

export async function downloadImage(
  raw: string,
  trustedOrigin: string | null,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  timeoutMs: number = AI_LIMITS.imageTimeoutMs,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  let url = checkImageUrl(raw, trustedOrigin);
  const signal = AbortSignal.timeout(timeoutMs);
  for (let hop = 0; ; hop++) {
    let res: Response;
    try {
      res = await fetchImpl(url.toString(), { redirect: "manual", signal, headers: { accept: "image/*" } });
    } catch {
      throw new ImageDownloadError(signal.aborted ? "timed out" : "unreachable");
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      const location = res.headers.get("location");
      if (!location || hop >= AI_LIMITS.imageDownloadMaxRedirects) throw new ImageDownloadError("bad redirect");
      url = checkImageUrl(new URL(location, url), trustedOrigin);
      continue;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new ImageDownloadError(`answered ${res.status}`);
    }
    const declared = Number(res.headers.get("content-length"));
    if (declared > AI_LIMITS.imageDownloadMaxBytes) {
      await res.body.cancel();
      throw new ImageDownloadError("too large");
    }
    const { bytes, truncated } = await readAtMost(res.body, AI_LIMITS.imageDownloadMaxBytes);
    if (truncated) throw new ImageDownloadError("too large");
    const contentType = sniffImageType(bytes.subarray(0, 64));
    if (!contentType) throw new ImageDownloadError("not an image");
    return { bytes, contentType };
  }
}

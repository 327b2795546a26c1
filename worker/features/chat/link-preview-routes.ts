// POST /api/link-preview { url } -> { success, preview }. Signed-in users only; SSRF-safe fetching in
// services/link-preview.ts; successful previews cached for a day in the Cache API.
import { z } from "zod";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { ApiError, badRequest } from "../../platform/errors";
import { limited } from "../../platform/rate-limit";
import { validate } from "../../platform/validate";
import { getLinkPreview, type LinkPreview, PreviewRefused } from "./link-preview";

const CACHE_SECONDS = 24 * 60 * 60;
/**
 * workerd's default cache (the Cache API's own type; the client's DOM lib, which also reaches this file through
 * AppType, lacks `default`).
 */
const previewCache = () => (caches as unknown as { default: Cache }).default;
const cacheKey = (url: string) => new Request(`https://link-preview.cache.invalid/?url=${encodeURIComponent(url)}`);

async function cached(url: string): Promise<LinkPreview | null> {
  try {
    const hit = await previewCache().match(cacheKey(url));
    return hit ? ((await hit.json()) as LinkPreview) : null;
  } catch {
    return null;
  }
}

async function remember(url: string, preview: LinkPreview) {
  try {
    await previewCache().put(
      cacheKey(url),
      Response.json(preview, { headers: { "cache-control": `public, max-age=${CACHE_SECONDS}` } }),
    );
  } catch {
    /* caching is best effort */
  }
}

const previewBody = z.object({ url: z.string().trim().min(1).max(2048) });

export const linkPreviewRoutes = createRouter().post(
  "/link-preview",
  requireUser,
  limited("linkPreviews"),
  validate("json", previewBody),
  async (c) => {
    const { url } = c.req.valid("json");
    const hit = await cached(url);
    if (hit) return c.json({ success: true as const, preview: hit });
    let preview: LinkPreview;
    try {
      preview = await getLinkPreview(url);
    } catch (err) {
      if (err instanceof PreviewRefused) throw badRequest(err.message);
      throw new ApiError(502, "Could not fetch a preview for that link");
    }
    c.executionCtx.waitUntil(remember(url, preview));
    return c.json({ success: true as const, preview });
  },
);

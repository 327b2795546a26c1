// Link previews, fetched SSRF-safely: http/https on default ports only, no credentials,
// no IP literals, no localhost or internal names, manual redirects re-checked at every hop (<= 3),
// a timeout and a byte cap. Pages are parsed with HTMLRewriter. Name resolution to private addresses
// is stopped in production by the `global_fetch_strictly_public` compatibility flag.
import { type PublicUrlRefusal, publicUrl } from "../../platform/public-url";
import { readAtMost } from "../../platform/read-at-most";

export type LinkPreview = {
  image: string | null;
  title: string | null;
  description: string | null;
  favicon: string | null;
  siteName: string | null;
};

export const PREVIEW_LIMITS = { maxRedirects: 3, maxBytes: 512 * 1024, timeoutMs: 5000, textMax: 300 } as const;

export class PreviewRefused extends Error {}

const REFUSALS: Record<PublicUrlRefusal, string> = {
  invalid: "Invalid URL",
  scheme: "Only http and https links get previews",
  credentials: "Links with credentials do not get previews",
  port: "Only default ports are allowed",
  ip_address: "IP addresses are not allowed",
  internal_host: "Internal host names are not allowed",
};

/** Throws PreviewRefused unless the URL may be fetched (platform/public-url.ts). Returns the parsed URL. */
export function checkPreviewUrl(raw: string | URL): URL {
  const checked = publicUrl(raw);
  if ("refused" in checked) throw new PreviewRefused(REFUSALS[checked.refused]);
  return checked.url;
}

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * Fetches the page, following at most 3 redirects, each re-checked; returns the final URL and at most maxBytes of body.
 */
export async function fetchPage(
  raw: string,
  fetchImpl: FetchLike = (i, init) => fetch(i, init),
): Promise<{ url: URL; html: Uint8Array }> {
  let url = checkPreviewUrl(raw);
  const signal = AbortSignal.timeout(PREVIEW_LIMITS.timeoutMs);
  for (let hop = 0; ; hop++) {
    const res = await fetchImpl(url.toString(), {
      redirect: "manual",
      signal,
      headers: { accept: "text/html,application/xhtml+xml", "user-agent": "CosmicLoungeLinkPreview/1.0" },
    });
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel();
      const location = res.headers.get("location");
      if (!location) throw new PreviewRefused("Redirect without a location");
      if (hop >= PREVIEW_LIMITS.maxRedirects) throw new PreviewRefused("Too many redirects");
      url = checkPreviewUrl(new URL(location, url));
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new PreviewRefused(`The page answered ${res.status}`);
    }
    const type = res.headers.get("content-type") ?? "";
    if (!/^(text\/html|application\/xhtml\+xml)/i.test(type)) {
      await res.body?.cancel();
      throw new PreviewRefused("Not an HTML page");
    }
    // A huge page is cut at the cap: the head, where the tags live, comes first.
    return { url, html: (await readAtMost(res.body, PREVIEW_LIMITS.maxBytes)).bytes };
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });

const clean = (s: string | undefined | null) => {
  const text = decodeEntities(s ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text ? text.slice(0, PREVIEW_LIMITS.textMax) : null;
};

/** An absolute http(s) URL from a page's (possibly relative) reference, or null. */
const absolute = (ref: string | null | undefined, base: URL) => {
  if (!ref) return null;
  try {
    const u = new URL(decodeEntities(ref.trim()), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
};

/** Reads og:*, twitter:*, <title>, description and icons from a page with HTMLRewriter. */
export async function parsePreview(html: Uint8Array | string, pageUrl: URL): Promise<LinkPreview> {
  const meta = new Map<string, string>();
  let title = "";
  let inTitle = false;
  let titleDone = false;
  const icons: { rel: string; href: string }[] = [];

  const rewriter = new HTMLRewriter()
    .on("meta", {
      element(el) {
        const key = (el.getAttribute("property") ?? el.getAttribute("name") ?? "").trim().toLowerCase();
        const content = el.getAttribute("content");
        if (key && content != null && !meta.has(key)) meta.set(key, content);
      },
    })
    .on("title", {
      element(el) {
        if (titleDone) return;
        inTitle = true;
        el.onEndTag(() => {
          inTitle = false;
          titleDone = true;
        });
      },
      text(chunk) {
        if (inTitle && !titleDone) title += chunk.text;
      },
    })
    .on("link", {
      element(el) {
        const rel = (el.getAttribute("rel") ?? "").toLowerCase();
        const href = el.getAttribute("href");
        if (href && /\bicon\b/.test(rel)) icons.push({ rel, href });
      },
    });
  // The results are complete only once the transformed body has been consumed.
  await rewriter
    .transform(new Response(html as unknown as BodyInit, { headers: { "content-type": "text/html; charset=utf-8" } }))
    .arrayBuffer();

  const pick = (...keys: string[]) => keys.map((k) => meta.get(k)).find((v) => v?.trim());
  const icon =
    icons.find((i) => i.rel.split(/\s+/).includes("icon")) ??
    icons.find((i) => i.rel.includes("apple-touch-icon")) ??
    icons[0];
  return {
    title: clean(pick("og:title", "twitter:title") ?? title),
    description: clean(pick("og:description", "twitter:description", "description")),
    image: absolute(
      pick("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"),
      pageUrl,
    ),
    favicon: absolute(icon?.href ?? "/favicon.ico", pageUrl),
    siteName: clean(pick("og:site_name", "application-name")) ?? pageUrl.hostname,
  };
}

export async function getLinkPreview(raw: string, fetchImpl?: FetchLike): Promise<LinkPreview> {
  const { url, html } = await fetchPage(raw, fetchImpl);
  return parsePreview(html, url);
}

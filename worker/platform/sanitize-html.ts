// Allowlist HTML sanitiser built on HTMLRewriter (workerd). Used for cosmic notices (manual and AI)
// before they are stored, so the stored HTML has no script path whatever renders it.

/** Elements kept (with only the attributes listed for them). */
const ALLOWED = new Set([
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "blockquote",
  "a",
  "img",
]);

/**
 * Elements dropped together with everything inside them: active content, and every element whose
 * content the parser reads as raw text (unwrapping those would let their text through as markup).
 */
const DROPPED = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "textarea",
  "title",
  "xmp",
  "plaintext",
  "listing",
  "select",
  "head",
  "link",
  "meta",
  "base",
];

const ATTRIBUTES: Record<string, Set<string>> = { a: new Set(["href"]), img: new Set(["src", "alt"]) };

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"]);
const IMAGE_SCHEMES = new Set(["http:", "https:"]);

/** True when `value` is an absolute URL whose scheme is in `schemes` (relative and odd URLs fail). */
function hasScheme(value: string | null, schemes: Set<string>): boolean {
  if (!value) return false;
  try {
    return schemes.has(new URL(value.trim()).protocol);
  } catch {
    return false;
  }
}

/** Returns `html` reduced to the allowlist: safe tags, safe attributes, http(s)/mailto links, http(s) images. */
export async function sanitizeHtml(html: string): Promise<string> {
  const rewriter = new HTMLRewriter()
    .on(DROPPED.join(", "), {
      element(el) {
        el.remove();
      },
    })
    .on("*", {
      element(el) {
        if (el.removed) return;
        const tag = el.tagName.toLowerCase();
        if (!ALLOWED.has(tag)) {
          el.removeAndKeepContent();
          return;
        }
        const keep = ATTRIBUTES[tag];
        const names = Array.from(el.attributes as unknown as Iterable<[string, string]>, ([name]) => name);
        for (const name of names) if (!keep?.has(name.toLowerCase())) el.removeAttribute(name);
        if (tag === "a") {
          if (!hasScheme(el.getAttribute("href"), LINK_SCHEMES)) {
            el.removeAndKeepContent();
            return;
          }
          el.setAttribute("rel", "noopener noreferrer");
          el.setAttribute("target", "_blank");
        } else if (tag === "img" && !hasScheme(el.getAttribute("src"), IMAGE_SCHEMES)) {
          el.remove();
        }
      },
    })
    .onDocument({
      comments(comment) {
        comment.remove();
      },
    });
  return rewriter.transform(new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })).text();
}

/** True when sanitised HTML shows nothing: no text besides whitespace and no image. */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
      .trim() === ""
  );
}

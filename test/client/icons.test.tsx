// Icons are inline SVG, never glyphs drawn by the device's fonts (docs/client.md "Icons").
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ICON_PATHS } from "../../client/components/icon-paths";
import { placeholderAvatar } from "../../client/components/Avatar";
import { landingHtml } from "../../client/landing/landing";
import { TEXT } from "../../client/text";
import { renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

// The symbol and dingbat blocks (and the star): glyphs with an emoji presentation on many phones.
const GLYPH = /[\u2600-\u27BF\u2B50]/u;

const NOW = new Date().toISOString();
const post = (patch: Record<string, unknown>) => ({
  id: 10, content: "Hello cosmos", created_at: NOW, author_id: 2, author_name: "Sol", author_avatar: null, author_role: "member", likes_count: 3, comments_count: 1, is_liked: false, ...patch,
});

function textNodesWithGlyphs(root: Node): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (GLYPH.test(node.textContent ?? "")) found.push(node.textContent ?? "");
  return found;
}

describe("icons", () => {
  it("the shell and the lounge draw their icons as SVG and no text node holds a glyph", async () => {
    stubFetch((url, init) => {
      if ((init?.method ?? "GET") !== "GET") return undefined;
      if (url.startsWith("/api/posts?")) return { status: 200, body: [post({ id: 11, author_name: "Ada", author_role: "admin", is_liked: true, likes_count: 4 }), post({})] };
      if (url === "/api/cosmic-notices") return { status: 200, body: [{ id: 1, title: "Full moon circle", content: "<p>Tonight</p>", image_url: null, is_pinned: true, author_name: "Ada", created_at: NOW }] };
      return undefined;
    });
    renderApp("/app/lounge", sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin" })) }));
    const feed = await screen.findByRole("region", { name: "Community" });
    const liked = await within(feed).findByRole("article", { name: "Ada" });
    const notLiked = within(feed).getByRole("article", { name: "Sol" });

    // Navigation: every link starts with a decorative SVG (the link's name stays its text).
    const nav = screen.getByRole("navigation", { name: TEXT.nav.main });
    for (const [name, icon] of [[TEXT.nav.lounge, "sparkle"], [TEXT.nav.chat, "moon"], [TEXT.nav.resources, "gem"], [TEXT.nav.profile, "user"], [TEXT.nav.admin, "crown"]]) {
      const link = within(nav).getByRole("link", { name });
      const svg = link.querySelector("svg");
      expect(svg?.getAttribute("data-icon")).toBe(icon);
      expect(svg?.getAttribute("aria-hidden")).toBe("true");
    }
    expect(within(nav).getByRole("link", { name: TEXT.common.brand }).querySelector("svg[data-icon=sparkles]")).not.toBeNull();

    // The like heart: same accessible names as before, the liked one filled, the other an outline.
    const likedHeart = within(liked).getByRole("button", { name: "4 likes", pressed: true }).querySelector("svg[data-icon=heart]");
    const heart = within(notLiked).getByRole("button", { name: "3 likes", pressed: false }).querySelector("svg[data-icon=heart]");
    expect(likedHeart?.getAttribute("fill")).toBe("currentColor");
    expect(heart?.getAttribute("fill")).toBe("none");
    expect(heart?.querySelector("path")?.getAttribute("d")).toBe(ICON_PATHS.heart);

    // The admin crown is the only name of its mark: an SVG with role img and the label.
    expect(within(liked).getByRole("img", { name: TEXT.lounge.adminCrown }).tagName.toLowerCase()).toBe("svg");
    const board = screen.getByRole("region", { name: TEXT.lounge.noticeBoardTitle });
    expect(within(board).getByText(TEXT.lounge.pinned).querySelector("svg[data-icon=star]")).not.toBeNull();
    expect(screen.getByRole("heading", { name: TEXT.lounge.welcomeTitle }).querySelector("svg")).not.toBeNull();

    expect(textNodesWithGlyphs(document.body)).toEqual([]);
  });

  it("the landing page's markup draws the same geometry and holds no glyph", () => {
    const page = document.createElement("div");
    page.innerHTML = landingHtml("en");
    const icons = [...page.querySelectorAll("svg")];
    expect(icons.length).toBe(4);
    expect(icons.every((svg) => svg.getAttribute("aria-hidden") === "true")).toBe(true);
    expect(icons.map((svg) => svg.querySelector("path")?.getAttribute("d"))).toEqual([ICON_PATHS.sparkles, ICON_PATHS.sparkle, ICON_PATHS.gem, ICON_PATHS.crown]);
    expect(textNodesWithGlyphs(page)).toEqual([]);
  });

  it("an avatar without letters to show draws the sparkle, not a glyph", () => {
    const svg = decodeURIComponent(placeholderAvatar("...").split(",")[1]);
    expect(svg).toContain(ICON_PATHS.sparkle);
    expect(svg).not.toMatch(GLYPH);
    expect(decodeURIComponent(placeholderAvatar("Ada Lovelace").split(",")[1])).toContain(">AL</text>");
  });
});

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { words as esAi } from "../../client/ai/words.es";
import { es } from "../../client/i18n/es";
import { setLanguage } from "../../client/i18n/language";
import { words as esLibraryDialogs } from "../../client/resources/dialog-words.es";
import { decodeContent, decodeDataUrl, htmlToText } from "../../client/resources/file-text";
import { parseTags, type ResourceItem, textFormat, typeLabel } from "../../client/resources/library";
import { checkUploadFile, titleFromFileName } from "../../client/resources/upload";
import { words as esLibrary } from "../../client/resources/words.es";
import { LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { membershipStatus, renderApp, reply, sessionDeps, userFixture } from "./render";

const item = (patch: Partial<ResourceItem>): ResourceItem => ({
  id: 1,
  title: "Untitled",
  description: null,
  file_url: "/api/resources/1/file",
  file_name: "file.pdf",
  file_type: "application/pdf",
  file_size: 10,
  kind: "upload",
  tags: "[]",
  owner_name: "Luna",
  created_at: "2026-03-01T10:00:00.000Z",
  ...patch,
});

const LIBRARY: ResourceItem[] = [
  item({
    id: 1,
    title: "Moon Meditation",
    description: "A calm evening practice",
    file_name: "moon.md",
    file_type: "text/markdown",
    tags: '["meditation","sleep"]',
    file_url: "/api/resources/1/file",
  }),
  item({
    id: 2,
    title: "Star Chart",
    description: "Where the planets are",
    file_name: "chart.pdf",
    tags: '["astrology"]',
    file_url: "/api/resources/2/file",
  }),
  item({
    id: 3,
    title: "Welcome Page",
    description: null,
    file_name: "welcome.html",
    file_type: "text/html",
    tags: '["guide"," meditation "]',
    file_url: "/api/resources/3/file",
  }),
  item({
    id: 4,
    title: "Broken",
    file_name: "broken.md",
    file_type: "text/markdown",
    tags: "[]",
    file_url: "/api/resources/4/file",
  }),
];

const FILES: Record<string, string> = {
  "/api/resources/1/file": "# Moon\n\nBreathe with the **moon**.",
  "/api/resources/3/file": "<h1>Hello</h1><p>Welcome <b>soul</b></p><script>alert(1)</script>",
  "/api/resources/4/file": '{"title":"no content here"}',
};

/**
 * GET /api/resources as the server answers it: `q` over title, description and tags (case-insensitively),
 * `tag` exact, newest first (here: the fixture's order), `before` = the id of the last item shown, `limit`.
 */
function serveList(list: ResourceItem[], url: URL) {
  const q = url.searchParams.get("q")?.toLowerCase();
  const tag = url.searchParams.get("tag");
  const before = Number(url.searchParams.get("before")) || undefined;
  const limit = Number(url.searchParams.get("limit"));
  const start = before === undefined ? 0 : list.findIndex((r) => r.id === before) + 1;
  return list
    .slice(start)
    .filter((r) => !tag || parseTags(r.tags).includes(tag))
    .filter(
      (r) => !q || [r.title, r.description ?? "", ...parseTags(r.tags)].some((text) => text.toLowerCase().includes(q)),
    )
    .slice(0, limit);
}

const tagsOf = (list: ResourceItem[]) => [...new Set(list.flatMap((r) => parseTags(r.tags)))].sort();

/** fetch for the screen: the list (paged and searched) and its tags as JSON, files as text, and DELETE/PUT recorded. */
function stubLibrary(list: { status: number; body: unknown } = { status: 200, body: LIBRARY }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url,
      "http://localhost",
    );
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const rows = list.status === 200 && Array.isArray(list.body) ? (list.body as ResourceItem[]) : null;
    if (url.pathname === "/api/resources" && method === "GET")
      return rows ? Response.json(serveList(rows, url)) : Response.json(list.body, { status: list.status });
    if (url.pathname === "/api/resources/tags")
      return rows
        ? Response.json({ tags: tagsOf(rows), total: rows.length })
        : Response.json(list.body, { status: list.status });
    // A member's paid-route guard asks for the membership: an active one.
    if (url.pathname === "/api/membership/status")
      return Response.json(membershipStatus({ status: "active", next_payment_due: "2099-01-01" }));
    if (url.pathname in FILES)
      return new Response(FILES[url.pathname], { status: 200, headers: { "content-type": "text/plain" } });
    if (/^\/api\/resources\/\d+$/.test(url.pathname) && method === "DELETE") return Response.json({ success: true });
    if (url.pathname === "/api/ai/capabilities")
      return Response.json({
        images: { openai: true, gemini: false, straico: true },
        text: { openai: true, gemini: true, straico: true },
      });
    if (url.pathname.startsWith("/api/ai/generate")) throw new TypeError("network error");
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** A load, or a search (the debounce, then the route's loader): generous on a busy machine. */
const SEARCH_WAIT = { timeout: 5000 };

/** How many times the screen asked for the tag list and total. */
const tagCalls = (fetchMock: ReturnType<typeof stubLibrary>) =>
  fetchMock.mock.calls.filter(([u]) => String(u instanceof Request ? u.url : u).includes("/api/resources/tags")).length;

/** The URLs of the list requests the screen made. */
const listCalls = (fetchMock: ReturnType<typeof stubLibrary>) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u instanceof Request ? u.url : u), "http://localhost"))
    .filter((u) => u.pathname === "/api/resources");

const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin", name: "Ada" })) });

describe("resource library logic", () => {
  it("labels types: AI Text, AI Image, Audio, Video, Image, or the extension", () => {
    expect(typeLabel(item({ kind: "ai_text", file_type: "text/markdown", file_name: "x.md" })).label).toBe("AI Text");
    expect(typeLabel(item({ kind: "ai_image", file_type: "image/png", file_name: "x.png" })).label).toBe("AI Image");
    expect(typeLabel(item({ file_type: "audio/mpeg", file_name: "x.mp3" })).label).toBe("Audio");
    expect(typeLabel(item({ file_type: "video/mp4", file_name: "x.mp4" })).label).toBe("Video");
    expect(typeLabel(item({ file_type: "image/jpeg", file_name: "x.jpg" })).label).toBe("Image");
    expect(typeLabel(item({ file_type: "application/pdf", file_name: "notes.pdf" })).label).toBe("PDF");
    expect(typeLabel(item({ file_type: "application/zip", file_name: "noext" })).label).toBe("File");
  });

  it("decodes markdown and html content, and flags JSON without a content string", () => {
    expect(
      decodeDataUrl(
        `data:text/markdown;base64,${btoa(String.fromCharCode(...new TextEncoder().encode("# Ñandú ✨")))}`,
      ),
    ).toBe("# Ñandú ✨");
    expect(decodeContent("# Title\n\ntext")).toEqual({ ok: true, text: "# Title\n\ntext" });
    expect(decodeContent('{"content":"# Wrapped"}')).toEqual({ ok: true, text: "# Wrapped" });
    expect(decodeContent('{"title":"x"}')).toEqual({ ok: false, error: TEXTS.resources.contentFormatError });
    expect(decodeContent("{ not json")).toEqual({ ok: false, error: TEXTS.resources.contentFormatError });
    expect(htmlToText(FILES["/api/resources/3/file"])).toBe("Hello\nWelcome soul");
    expect(textFormat(item({ file_type: "text/html", file_name: "a.html" }))).toBe("html");
    expect(textFormat(item({ file_type: "text/markdown", file_name: "a.md" }))).toBe("markdown");
    expect(textFormat(item({ file_type: "application/pdf", file_name: "a.pdf" }))).toBeNull();
  });

  it("checks uploads with the spec's texts and prefills the title without the extension", () => {
    expect(checkUploadFile({ name: "a.exe", type: "application/x-msdownload", size: 10 })).toBe(
      TEXTS.resources.typeNotSupported,
    );
    expect(checkUploadFile({ name: "a.zip", type: "application/zip", size: LIMITS.resourceUploadMaxBytes + 1 })).toBe(
      TEXTS.resources.tooLarge,
    );
    expect(checkUploadFile({ name: "a.zip", type: "application/zip", size: LIMITS.resourceUploadMaxBytes })).toBeNull();
    expect(checkUploadFile({ name: "notes.md", type: "", size: 5 })).toBeNull();
    expect(titleFromFileName("Full Moon.guide.pdf")).toBe("Full Moon.guide");
  });
});

describe("resource library screen", () => {
  it("lists cards with type labels, tags, owner and footer counts from the server's summary", async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    await waitFor(() => expect(screen.getAllByTestId("resource-card")).toHaveLength(4), SEARCH_WAIT);
    const types = screen.getAllByTestId("resource-type");
    expect(types.map((el) => el.textContent?.trim())).toEqual(["MD", "PDF", "HTML", "MD"]);
    // The type icon is an inline SVG, not an emoji.
    for (const el of types) expect(el.querySelector("svg[aria-hidden=true]")).not.toBeNull();
    expect(screen.getAllByText(/^By Luna/)).toHaveLength(4);
    expect(screen.getByTestId("resources-total").textContent).toBe("4");
    expect(screen.getByTestId("resources-categories").textContent).toBe("4");
    expect(screen.getByText("∞")).toBeTruthy();
    const tags = within(screen.getByRole("group", { name: "Filter by tag" }));
    expect(tags.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "All",
      "#astrology",
      "#guide",
      "#meditation",
      "#sleep",
    ]);
    // Every resource fits the first page: nothing more to load.
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it(`searches on the server once the member stops typing, filters by tag through the URL, and says when nothing \
matches`, async () => {
    const fetchMock = stubLibrary();
    const { router } = renderApp("/app/resources", admin());
    await waitFor(() => expect(screen.getAllByTestId("resource-card")).toHaveLength(4), SEARCH_WAIT);
    const titles = () => screen.getAllByTestId("resource-card").map((c) => within(c).getByRole("heading").textContent);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText("Search resources"), "planets");
    await waitFor(() => expect(titles()).toEqual(["Star Chart"]), SEARCH_WAIT);
    expect(router.state.location.search).toBe("?q=planets");
    // Debounced: fewer requests than keys (one for the word when typing is quick), the last for the word.
    const asked = listCalls(fetchMock).map((u) => u.searchParams.get("q"));
    expect(asked.at(-1)).toBe("planets");
    expect(asked.length).toBeLessThan(1 + "planets".length);
    expect(screen.getByTestId("resources-total").textContent).toBe("4");

    // Tags are searched too (server side), and a search that finds nothing says so.
    await user.clear(screen.getByLabelText("Search resources"));
    await user.type(screen.getByLabelText("Search resources"), "astro");
    await waitFor(() => expect(titles()).toEqual(["Star Chart"]), SEARCH_WAIT);
    await user.clear(screen.getByLabelText("Search resources"));
    await user.type(screen.getByLabelText("Search resources"), "nothing like this");
    expect(await screen.findByRole("heading", { name: "No Results Found" }, SEARCH_WAIT)).toBeTruthy();
    await user.clear(screen.getByLabelText("Search resources"));
    await waitFor(() => expect(screen.getAllByTestId("resource-card")).toHaveLength(4), SEARCH_WAIT);
    expect(router.state.location.search).toBe("");

    const tags = within(screen.getByRole("group", { name: "Filter by tag" }));
    await user.click(tags.getByRole("button", { name: "#meditation" }));
    await waitFor(() => expect(titles()).toEqual(["Moon Meditation", "Welcome Page"]), SEARCH_WAIT);
    expect(router.state.location.search).toBe("?tag=meditation");
    expect(tags.getByRole("button", { name: "#meditation" }).getAttribute("aria-pressed")).toBe("true");
    // Text and tag together.
    await user.type(screen.getByLabelText("Search resources"), "welcome");
    await waitFor(() => expect(titles()).toEqual(["Welcome Page"]), SEARCH_WAIT);
    expect(listCalls(fetchMock).at(-1)?.search).toBe("?limit=24&q=welcome&tag=meditation");
    await user.click(tags.getByRole("button", { name: "All" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=welcome"), SEARCH_WAIT);
    // The tag list and total (a scan of every resource on the server) load once, not on each search.
    expect(tagCalls(fetchMock)).toBe(1);
  }, 20_000);

  it("opens a search from the URL with the box filled in", async () => {
    stubLibrary();
    renderApp("/app/resources?q=moon&tag=sleep", admin());
    await waitFor(() =>
      expect(screen.getAllByTestId("resource-card").map((c) => within(c).getByRole("heading").textContent)).toEqual([
        "Moon Meditation",
      ]),
    );
    expect((screen.getByLabelText("Search resources") as HTMLInputElement).value).toBe("moon");
    expect(screen.getByRole("button", { name: "#sleep" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("loads the next page as the member scrolls, shows a failed page with a retry, and stops at the end", async () => {
    const many = Array.from({ length: LIMITS.resourcesPageDefault + 6 }, (_, i) =>
      item({ id: 100 - i, title: `Resource ${100 - i}` }),
    );
    const fetchMock = stubLibrary({ status: 200, body: many });
    // jsdom has no layout: the observer is driven by hand, as the sentinel comes into view.
    const observers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    renderApp("/app/resources", admin());
    await waitFor(
      () => expect(screen.getAllByTestId("resource-card")).toHaveLength(LIMITS.resourcesPageDefault),
      SEARCH_WAIT,
    );
    expect(screen.getByTestId("resources-total").textContent).toBe(String(many.length));

    // The first next page fails: the list stays, the failure is said, 'Load more' retries.
    const library = fetchMock.getMockImplementation()!;
    let failNextPage = true;
    fetchMock.mockImplementation(async (input, init) => {
      if (failNextPage && String(input instanceof Request ? input.url : input).includes("before=")) {
        failNextPage = false;
        return Response.json({ error: "Internal server error" }, { status: 500 });
      }
      return library(input, init);
    });
    act(() => observers.at(-1)!([{ isIntersecting: true }]));
    expect(
      (await screen.findByText("Could not load more resources.", {}, { timeout: 3000 })).getAttribute("role"),
    ).toBe("alert");
    expect(screen.getAllByTestId("resource-card")).toHaveLength(LIMITS.resourcesPageDefault);
    expect(listCalls(fetchMock).at(-1)?.searchParams.get("before")).toBe(
      String(many[LIMITS.resourcesPageDefault - 1].id),
    );

    await userEvent.setup().click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("resource-card")).toHaveLength(many.length));
    expect(screen.getAllByTestId("resource-card").map((c) => within(c).getByRole("heading").textContent)).toEqual(
      many.map((r) => r.title),
    );
    // The last page was short: no more to load, and the sentinel no longer asks.
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.queryByText("Could not load more resources.")).toBeNull();
  }, 20_000);

  it("shows and hides decoded markdown and html content, and the format error for JSON without content", async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup();
    const card = (title: string) => within(screen.getByRole("heading", { name: title }).closest("article")!);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Moon Meditation" })).toBeTruthy());
    expect(card("Star Chart").queryByRole("button", { name: "Show content" })).toBeNull();

    await user.click(card("Moon Meditation").getByRole("button", { name: "Show content" }));
    await waitFor(() =>
      expect(card("Moon Meditation").getByTestId("resource-content").textContent).toBe(
        "# Moon\n\nBreathe with the **moon**.",
      ),
    );
    await user.click(card("Moon Meditation").getByRole("button", { name: "Hide content" }));
    expect(card("Moon Meditation").queryByTestId("resource-content")).toBeNull();

    await user.click(card("Welcome Page").getByRole("button", { name: "Show content" }));
    await waitFor(() =>
      expect(card("Welcome Page").getByTestId("resource-content").textContent).toBe("Hello\nWelcome soul"),
    );
    expect(document.querySelector("script")).toBeNull();

    await user.click(card("Broken").getByRole("button", { name: "Show content" }));
    await waitFor(() => expect(card("Broken").getByRole("alert").textContent).toBe(TEXTS.resources.contentFormatError));
  });

  it("shows the locked screen on 403 with the server's text, or 'Access denied', and goes to /pricing", async () => {
    // The guard saw an active membership; the library itself answers 403 (it expired in between).
    stubLibrary({ status: 403, body: { error: "Your membership has expired" } });
    const { router } = renderApp("/app/resources", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Premium Resources Access Required" })).toBeTruthy(),
    );
    expect(screen.getByText("Your membership has expired")).toBeTruthy();
    expect(screen.getByText("Monthly Access: $15,000 CLP")).toBeTruthy();
    expect(screen.getByText("Pay once every 30 days for unlimited access")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Get 30-Day Access - $15,000 CLP" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
  });

  it("switches to the locked screen when a file read answers 403 while the library is open", async () => {
    const fetchMock = stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Moon Meditation" })).toBeTruthy());
    const library = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(
        typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url,
        "http://localhost",
      );
      if (url.pathname === "/api/resources/1/file")
        return Response.json({ error: "Your membership has expired" }, { status: 403 });
      return library(input, init);
    });
    const card = within(screen.getByRole("heading", { name: "Moon Meditation" }).closest("article")!);
    await user.click(card.getByRole("button", { name: "Show content" }));
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Premium Resources Access Required" })).toBeTruthy(),
    );
    expect(screen.getByText("Your membership has expired")).toBeTruthy();
  });

  it("says 'Access denied' when a 403 carries no error, and 'Failed to load resources' otherwise", async () => {
    stubLibrary({ status: 403, body: {} });
    const first = renderApp("/app/resources", admin());
    await waitFor(() => expect(screen.getByText("Access denied")).toBeTruthy());
    first.unmount();
    stubLibrary({ status: 500, body: { error: "Internal server error" } });
    renderApp("/app/resources", admin());
    await waitFor(() => expect(screen.getByText("Failed to load resources")).toBeTruthy());
  });

  it("shows 'No Resources Yet' for an empty library, and hides edit and delete from members", async () => {
    stubLibrary({ status: 200, body: [] });
    const first = renderApp("/app/resources", admin());
    await waitFor(() => expect(screen.getByRole("heading", { name: "No Resources Yet" })).toBeTruthy());
    expect(screen.getByRole("button", { name: /AI Generate/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Upload/ })).toBeTruthy();
    first.unmount();

    stubLibrary();
    renderApp("/app/resources", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await waitFor(() => expect(screen.getAllByTestId("resource-card")).toHaveLength(4));
    expect(screen.queryByRole("button", { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete / })).toBeNull();
  });

  it("asks the spec's confirmation before an admin deletes a resource", async () => {
    const fetchMock = stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Star Chart" }));
    expect(await screen.findByText(TEXTS.confirm.deleteResource)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) =>
            String(u instanceof Request ? u.url : u).endsWith("/api/resources/2") &&
            (init?.method ?? (u as Request).method) === "DELETE",
        ),
      ).toBe(true),
    );
    // After a write the library loads again, its tags and total included.
    await waitFor(() => expect(tagCalls(fetchMock)).toBe(2));
  });

  it("refuses an unsupported file in the upload modal and prefills the title from a good one", async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole("button", { name: /Upload/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "Upload Resource" }));
    await user.upload(
      dialog.getByLabelText("Choose file"),
      new File(["MZ"], "tool.exe", { type: "application/x-msdownload" }),
    );
    expect(dialog.getByRole("alert").textContent).toBe(TEXTS.resources.typeNotSupported);
    await user.upload(
      dialog.getByLabelText("Choose file"),
      new File(["# hi"], "Morning Ritual.md", { type: "text/markdown" }),
    );
    expect((dialog.getByLabelText("Title") as HTMLInputElement).value).toBe("Morning Ritual");
    expect(dialog.queryByRole("alert")).toBeNull();
  });

  it(`opens the AI generator with both tabs; a network failure shows the spec's error; gemini images without an image \
model are 'Coming Soon'`, async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /AI Generate/ }));
    const dialog = within(await screen.findByRole("dialog", { name: "AI Generate" }));
    expect(dialog.getByLabelText("Title").getAttribute("placeholder")).toBe("Auto-generated if left blank");
    const generate = dialog.getByRole("button", { name: "Generate Content" });
    expect((generate as HTMLButtonElement).disabled).toBe(true);
    await user.type(dialog.getByLabelText("What should the content be about?"), "A full moon ritual");
    await user.click(generate);
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(TEXTS.lounge.aiTextFailed));

    await user.click(dialog.getByRole("tab", { name: /AI Images/ }));
    await user.type(dialog.getByLabelText("Describe the image"), "a nebula");
    await user.selectOptions(dialog.getByLabelText("AI model"), "gemini");
    const soon = dialog.getByRole("button", { name: "Coming Soon" });
    expect((soon as HTMLButtonElement).disabled).toBe(true);
  });

  it("speaks Spanish: the cards, the upload dialog and the AI generator read the Spanish catalogue", async () => {
    await setLanguage("es");
    try {
      stubLibrary();
      renderApp("/app/resources", admin());
      await waitFor(() => expect(screen.getAllByTestId("resource-card")).toHaveLength(4), SEARCH_WAIT);
      expect(screen.getAllByText(/^Por Luna/)).toHaveLength(4);
      expect(screen.getByRole("button", { name: esLibrary.library.editLabel("Star Chart") }).textContent).toBe(
        esLibrary.library.edit,
      );
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: esLibrary.library.upload }));
      const upload = within(await screen.findByRole("dialog", { name: esLibraryDialogs.libraryDialogs.uploadTitle }));
      expect(upload.getByLabelText(esLibraryDialogs.libraryDialogs.chooseFile)).toBeTruthy();
      expect(upload.getByText(esLibraryDialogs.libraryDialogs.acceptedFiles)).toBeTruthy();
      await user.click(upload.getByRole("button", { name: es.common.cancel }));
      await user.click(screen.getByRole("button", { name: esLibrary.library.aiGenerate }));
      const ai = within(await screen.findByRole("dialog", { name: esLibrary.library.aiGenerate }));
      expect(ai.getAllByRole("tab").map((t) => t.textContent)).toEqual([
        esAi.libraryAi.aiTabs.text,
        esAi.libraryAi.aiTabs.image,
      ]);
      expect(ai.getByLabelText(esAi.libraryAi.aiTextPrompt)).toBeTruthy();
      expect(ai.getByRole("option", { name: esAi.libraryAi.textTypes.meditation })).toBeTruthy();
      expect(ai.getByRole("button", { name: esAi.libraryAi.generateContent })).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });
});

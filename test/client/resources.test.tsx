import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  ALL_TAGS,
  checkUploadFile,
  decodeContent,
  decodeDataUrl,
  filterResources,
  gatherTags,
  htmlToText,
  parseTags,
  splitTagInput,
  textFormat,
  titleFromFileName,
  typeLabel,
  type ResourceItem,
} from "../../client/resources/library";
import { LIMITS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { renderApp, reply, sessionDeps, userFixture } from "./render";

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
  item({ id: 1, title: "Moon Meditation", description: "A calm evening practice", file_name: "moon.md", file_type: "text/markdown", tags: '["meditation","sleep"]', file_url: "/api/resources/1/file" }),
  item({ id: 2, title: "Star Chart", description: "Where the planets are", file_name: "chart.pdf", tags: '["astrology"]', file_url: "/api/resources/2/file" }),
  item({ id: 3, title: "Welcome Page", description: null, file_name: "welcome.html", file_type: "text/html", tags: '["guide"," meditation "]', file_url: "/api/resources/3/file" }),
  item({ id: 4, title: "Broken", file_name: "broken.md", file_type: "text/markdown", tags: "[]", file_url: "/api/resources/4/file" }),
];

const FILES: Record<string, string> = {
  "/api/resources/1/file": "# Moon\n\nBreathe with the **moon**.",
  "/api/resources/3/file": "<h1>Hello</h1><p>Welcome <b>soul</b></p><script>alert(1)</script>",
  "/api/resources/4/file": '{"title":"no content here"}',
};

/** fetch for the screen: the list as JSON, files as text, and DELETE/PUT recorded. */
function stubLibrary(list: { status: number; body: unknown } = { status: 200, body: LIBRARY }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url, "http://localhost");
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    if (url.pathname === "/api/resources" && method === "GET") return Response.json(list.body, { status: list.status });
    // A member's paid-route guard asks for the membership: an active one.
    if (url.pathname === "/api/membership/status") return Response.json({ status: "active", next_payment_due: "2099-01-01" });
    if (url.pathname in FILES) return new Response(FILES[url.pathname], { status: 200, headers: { "content-type": "text/plain" } });
    if (/^\/api\/resources\/\d+$/.test(url.pathname) && method === "DELETE") return Response.json({ success: true });
    if (url.pathname === "/api/ai/capabilities") return Response.json({ images: { openai: true, gemini: false, straico: true }, text: { openai: true, gemini: true, straico: true } });
    if (url.pathname.startsWith("/api/ai/generate")) throw new TypeError("network error");
    return Response.json({ error: "Not found" }, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin", name: "Ada" })) });

describe("resource library logic", () => {
  it("searches title and description, case-insensitively, and filters by tag with 'All'", () => {
    expect(filterResources(LIBRARY, "moon", ALL_TAGS).map((r) => r.id)).toEqual([1]);
    expect(filterResources(LIBRARY, "PLANETS", ALL_TAGS).map((r) => r.id)).toEqual([2]);
    expect(filterResources(LIBRARY, "  ", ALL_TAGS)).toHaveLength(4);
    expect(filterResources(LIBRARY, "", "meditation").map((r) => r.id)).toEqual([1, 3]);
    expect(filterResources(LIBRARY, "welcome", "meditation").map((r) => r.id)).toEqual([3]);
    expect(filterResources(LIBRARY, "chart", "meditation")).toEqual([]);
    expect(gatherTags(LIBRARY)).toEqual(["astrology", "guide", "meditation", "sleep"]);
    expect(parseTags("not json")).toEqual([]);
    expect(splitTagInput(" a, ,b ,")).toEqual(["a", "b"]);
  });

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
    expect(decodeDataUrl("data:text/markdown;base64," + btoa(String.fromCharCode(...new TextEncoder().encode("# Ñandú ✨"))))).toBe("# Ñandú ✨");
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
    expect(checkUploadFile({ name: "a.exe", type: "application/x-msdownload", size: 10 })).toBe(TEXTS.resources.typeNotSupported);
    expect(checkUploadFile({ name: "a.zip", type: "application/zip", size: LIMITS.resourceUploadMaxBytes + 1 })).toBe(TEXTS.resources.tooLarge);
    expect(checkUploadFile({ name: "a.zip", type: "application/zip", size: LIMITS.resourceUploadMaxBytes })).toBeNull();
    expect(checkUploadFile({ name: "notes.md", type: "", size: 5 })).toBeNull();
    expect(titleFromFileName("Full Moon.guide.pdf")).toBe("Full Moon.guide");
  });
});

describe("resource library screen", () => {
  it("lists cards with type labels, tags, owner and footer counts, and filters by search and tag", async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    await waitFor(() => expect(screen.getAllByTestId("resource-card")).toHaveLength(4));
    expect(screen.getAllByTestId("resource-type").map((el) => el.textContent?.trim())).toEqual(["📄 MD", "📄 PDF", "📄 HTML", "📄 MD"]);
    expect(screen.getAllByText(/^By Luna/)).toHaveLength(4);
    expect(screen.getByTestId("resources-total").textContent).toBe("4");
    expect(screen.getByTestId("resources-categories").textContent).toBe("4");
    expect(screen.getByText("∞")).toBeTruthy();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Search resources"), "planets");
    expect(screen.getAllByTestId("resource-card").map((c) => within(c).getByRole("heading").textContent)).toEqual(["Star Chart"]);
    await user.clear(screen.getByLabelText("Search resources"));
    await user.type(screen.getByLabelText("Search resources"), "nothing like this");
    expect(screen.getByRole("heading", { name: "No Results Found" })).toBeTruthy();
    await user.clear(screen.getByLabelText("Search resources"));

    const tags = within(screen.getByRole("group", { name: "Filter by tag" }));
    expect(tags.getAllByRole("button").map((b) => b.textContent)).toEqual(["All", "#astrology", "#guide", "#meditation", "#sleep"]);
    await user.click(tags.getByRole("button", { name: "#meditation" }));
    expect(screen.getAllByTestId("resource-card").map((c) => within(c).getByRole("heading").textContent)).toEqual(["Moon Meditation", "Welcome Page"]);
    await user.click(tags.getByRole("button", { name: "All" }));
    expect(screen.getAllByTestId("resource-card")).toHaveLength(4);
  });

  it("shows and hides decoded markdown and html content, and the format error for JSON without content", async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup();
    const card = (title: string) => within(screen.getByRole("heading", { name: title }).closest("article")!);
    await waitFor(() => expect(screen.getByRole("heading", { name: "Moon Meditation" })).toBeTruthy());
    expect(card("Star Chart").queryByRole("button", { name: "Show content" })).toBeNull();

    await user.click(card("Moon Meditation").getByRole("button", { name: "Show content" }));
    await waitFor(() => expect(card("Moon Meditation").getByTestId("resource-content").textContent).toBe("# Moon\n\nBreathe with the **moon**."));
    await user.click(card("Moon Meditation").getByRole("button", { name: "Hide content" }));
    expect(card("Moon Meditation").queryByTestId("resource-content")).toBeNull();

    await user.click(card("Welcome Page").getByRole("button", { name: "Show content" }));
    await waitFor(() => expect(card("Welcome Page").getByTestId("resource-content").textContent).toBe("Hello\nWelcome soul"));
    expect(document.querySelector("script")).toBeNull();

    await user.click(card("Broken").getByRole("button", { name: "Show content" }));
    await waitFor(() => expect(card("Broken").getByRole("alert").textContent).toBe(TEXTS.resources.contentFormatError));
  });

  it("shows the locked screen on 403 with the server's text, or 'Access denied', and goes to /pricing", async () => {
    // The guard saw an active membership; the library itself answers 403 (it expired in between).
    stubLibrary({ status: 403, body: { error: "Your membership has expired" } });
    const { router } = renderApp("/app/resources", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Premium Resources Access Required" })).toBeTruthy());
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
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url, "http://localhost");
      if (url.pathname === "/api/resources/1/file") return Response.json({ error: "Your membership has expired" }, { status: 403 });
      return library(input, init);
    });
    const card = within(screen.getByRole("heading", { name: "Moon Meditation" }).closest("article")!);
    await user.click(card.getByRole("button", { name: "Show content" }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "Premium Resources Access Required" })).toBeTruthy());
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
    expect(screen.getByText(TEXTS.confirm.deleteResource)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u, init]) => String(u instanceof Request ? u.url : u).endsWith("/api/resources/2") && (init?.method ?? (u as Request).method) === "DELETE")).toBe(true),
    );
  });

  it("refuses an unsupported file in the upload modal and prefills the title from a good one", async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole("button", { name: /Upload/ }));
    const dialog = within(screen.getByRole("dialog", { name: "Upload Resource" }));
    await user.upload(dialog.getByLabelText("Choose file"), new File(["MZ"], "tool.exe", { type: "application/x-msdownload" }));
    expect(dialog.getByRole("alert").textContent).toBe(TEXTS.resources.typeNotSupported);
    await user.upload(dialog.getByLabelText("Choose file"), new File(["# hi"], "Morning Ritual.md", { type: "text/markdown" }));
    expect((dialog.getByLabelText("Title") as HTMLInputElement).value).toBe("Morning Ritual");
    expect(dialog.queryByRole("alert")).toBeNull();
  });

  it("opens the AI generator with both tabs; a network failure shows the spec's error; gemini images without an image model are 'Coming Soon'", async () => {
    stubLibrary();
    renderApp("/app/resources", admin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /AI Generate/ }));
    const dialog = within(screen.getByRole("dialog", { name: "AI Generate" }));
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
});

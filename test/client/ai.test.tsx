// The AI screens' client side: the notice modal's AI tabs fill the Manual form and switch to it; the
// resource generator shows the server's error with its Details and Model lines, a busy state, and a
// warning when only a temporary link was kept; image buttons follow /api/ai/capabilities.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TEXT } from "../../client/text";
import { TEXTS } from "../../worker/shared/texts";
import { renderApp, reply, sessionDeps, userFixture } from "./render";

const NOW = new Date().toISOString();
const CAPS = {
  images: { openai: true, gemini: true, straico: true },
  text: { openai: true, gemini: true, straico: true },
};
type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** window.fetch answering the app's calls; `routes` maps "METHOD /path" to an answer (or a function of the body). */
function stubApi(routes: Record<string, Answer | ((body: any) => Answer)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url,
      "http://localhost",
    );
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new TypeError("network error");
    const answer = await (typeof route === "function"
      ? route(init?.body ? JSON.parse(String(init.body)) : undefined)
      : route);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const admin = () => sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin", name: "Ada" })) });
const bodiesOf = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls
    .filter(([u, init]) => new URL(String(u), "http://localhost").pathname === path && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init!.body)));

async function openNoticeModal() {
  const user = userEvent.setup();
  renderApp("/app/lounge", admin());
  await user.click(await screen.findByRole("button", { name: "+ New Notice" }));
  // The notice dialog's code loads when it is first opened.
  return { user, dialog: within(await screen.findByRole("dialog", { name: "Create Cosmic Notice" })) };
}

describe("notice modal AI tabs", () => {
  it(`AI Text fills the Manual form (title and wrapped content), switches to Manual, and the notice is \
published`, async () => {
    const notices: unknown[] = [];
    const fetchMock = stubApi({
      "GET /api/posts": { status: 200, body: [] },
      "GET /api/cosmic-notices": { status: 200, body: notices },
      "GET /api/ai/capabilities": { status: 200, body: CAPS },
      "POST /api/ai/generate-notice-text": {
        status: 200,
        body: { title: "Full Moon Gathering", content: "Join us tonight.\nBring a candle.\n\nAll are welcome." },
      },
      "POST /api/cosmic-notices": (body) => {
        const notice = { id: 7, ...body, author_name: "Ada", created_at: NOW };
        notices.push(notice);
        return { status: 201, body: notice };
      },
    });
    const { user, dialog } = await openNoticeModal();
    await user.click(dialog.getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-text"] }));
    await user.type(dialog.getByLabelText(TEXT.noticeAi.aiPrompt), "  A full moon gathering ");
    await user.selectOptions(dialog.getByLabelText("Type"), "event");
    await user.selectOptions(dialog.getByLabelText("Model"), "gemini");
    await user.click(dialog.getByRole("button", { name: TEXT.noticeAi.generateText }));

    await waitFor(() =>
      expect(
        dialog.getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs.manual }).getAttribute("aria-selected"),
      ).toBe("true"),
    );
    expect(bodiesOf(fetchMock, "/api/ai/generate-notice-text")).toEqual([
      { prompt: "A full moon gathering", type: "event", model: "gemini" },
    ]);
    expect((dialog.getByLabelText(TEXT.loungeDialogs.noticeTitle) as HTMLInputElement).value).toBe(
      "Full Moon Gathering",
    );
    expect((dialog.getByLabelText(TEXT.loungeDialogs.noticeContent) as HTMLTextAreaElement).value).toBe(
      "<p>Join us tonight.<br>Bring a candle.</p><p>All are welcome.</p>",
    );

    await user.click(dialog.getByRole("button", { name: TEXT.loungeDialogs.createNotice }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create Cosmic Notice" })).toBeNull());
    expect(bodiesOf(fetchMock, "/api/cosmic-notices")).toEqual([
      {
        title: "Full Moon Gathering",
        content: "<p>Join us tonight.<br>Bring a candle.</p><p>All are welcome.</p>",
        image_url: null,
        is_pinned: false,
      },
    ]);
    expect(await screen.findByRole("article", { name: "Full Moon Gathering" })).toBeTruthy();
  });

  it("AI Image fills the Manual form's image URL and switches to Manual", async () => {
    stubApi({
      "GET /api/posts": { status: 200, body: [] },
      "GET /api/cosmic-notices": { status: 200, body: [] },
      "GET /api/ai/capabilities": { status: 200, body: CAPS },
      "POST /api/ai/generate-notice-image": {
        status: 200,
        body: { image_url: "http://localhost/api/ai/images/2026-01/AAAAAAAAAAAAAAAAAAAAAAAA" },
      },
    });
    const { user, dialog } = await openNoticeModal();
    await user.click(dialog.getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-image"] }));
    await user.selectOptions(dialog.getByLabelText("Model"), "gemini");
    await user.type(dialog.getByLabelText(TEXT.noticeAi.aiImagePrompt), "A nebula");
    await user.click(dialog.getByRole("button", { name: TEXT.noticeAi.generateImage }));
    await waitFor(() =>
      expect(
        dialog.getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs.manual }).getAttribute("aria-selected"),
      ).toBe("true"),
    );
    expect((dialog.getByLabelText("Image URL (optional)") as HTMLInputElement).value).toBe(
      "http://localhost/api/ai/images/2026-01/AAAAAAAAAAAAAAAAAAAAAAAA",
    );
  });

  it(`shows the server's error with Details and Model lines, the invalid-response and empty texts, and stays on the \
tab`, async () => {
    let answer: { status: number; body: unknown } = {
      status: 502,
      body: {
        error: "OpenAI is unavailable right now (HTTP 500). Please try again later.",
        details: "The server had an error",
        model: "openai",
      },
    };
    stubApi({
      "GET /api/posts": { status: 200, body: [] },
      "GET /api/cosmic-notices": { status: 200, body: [] },
      "GET /api/ai/capabilities": { status: 200, body: CAPS },
      "POST /api/ai/generate-notice-text": () => answer,
    });
    const { user, dialog } = await openNoticeModal();
    await user.click(dialog.getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-text"] }));
    await user.type(dialog.getByLabelText(TEXT.noticeAi.aiPrompt), "hello");
    await user.click(dialog.getByRole("button", { name: TEXT.noticeAi.generateText }));
    const alert = await dialog.findByRole("alert");
    expect(
      within(alert)
        .getAllByRole("paragraph")
        .map((p) => p.textContent),
    ).toEqual([
      "OpenAI is unavailable right now (HTTP 500). Please try again later.",
      "Details: The server had an error",
      "Model: openai",
    ]);
    expect(
      dialog.getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-text"] }).getAttribute("aria-selected"),
    ).toBe("true");

    answer = { status: 200, body: { title: 5, content: "x" } };
    await user.click(dialog.getByRole("button", { name: TEXT.noticeAi.generateText }));
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(TEXTS.lounge.aiInvalidResponse));
    answer = { status: 200, body: { title: "x", content: "  " } };
    await user.click(dialog.getByRole("button", { name: TEXT.noticeAi.generateText }));
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(TEXTS.lounge.aiEmpty));
  });

  it("disables image generation with the reason when the server cannot generate images with that model", async () => {
    stubApi({
      "GET /api/posts": { status: 200, body: [] },
      "GET /api/cosmic-notices": { status: 200, body: [] },
      "GET /api/ai/capabilities": {
        status: 200,
        body: { ...CAPS, images: { openai: false, gemini: false, straico: true } },
      },
    });
    const { user, dialog } = await openNoticeModal();
    await user.click(dialog.getByRole("tab", { name: TEXT.loungeDialogs.noticeTabs["ai-image"] }));
    await user.type(dialog.getByLabelText(TEXT.noticeAi.aiImagePrompt), "A nebula");
    const soon = await dialog.findByRole("button", { name: "Coming Soon" });
    expect((soon as HTMLButtonElement).disabled).toBe(true);
    expect(
      soon.getAttribute("aria-describedby") &&
        document.getElementById(soon.getAttribute("aria-describedby")!)?.textContent,
    ).toBe(TEXTS.ai.imagesNotConfiguredShort("OpenAI"));
    await user.selectOptions(dialog.getByLabelText("Model"), "gemini");
    expect(dialog.getByText(TEXTS.resources.geminiImagesSoonText)).toBeTruthy();
    await user.selectOptions(dialog.getByLabelText("Model"), "straico");
    expect((dialog.getByRole("button", { name: TEXT.noticeAi.generateImage }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe("resource AI generator", () => {
  const library: unknown[] = [];
  const routes = (extra: Record<string, Answer | ((body: any) => Answer)>) =>
    stubApi({
      "GET /api/resources": { status: 200, body: library },
      "GET /api/resources/tags": { status: 200, body: { tags: [], total: 0 } },
      "GET /api/ai/capabilities": { status: 200, body: CAPS },
      ...extra,
    });

  async function openGenerator() {
    const user = userEvent.setup();
    renderApp("/app/resources", admin());
    await user.click(await screen.findByRole("button", { name: /AI Generate/ }));
    return { user, dialog: within(await screen.findByRole("dialog", { name: "AI Generate" })) };
  }

  it("shows the server's error with Details and Model lines; an invalid answer shows the spec's text", async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        error: "Gemini blocked this prompt (SAFETY). Please try a different prompt.",
        details: "unsafe",
        model: "gemini",
      },
    };
    routes({ "POST /api/ai/generate-text": () => answer });
    const { user, dialog } = await openGenerator();
    await user.type(dialog.getByLabelText("What should the content be about?"), "A ritual");
    await user.click(dialog.getByRole("button", { name: "Generate Content" }));
    const alert = await dialog.findByRole("alert");
    expect(
      within(alert)
        .getAllByRole("paragraph")
        .map((p) => p.textContent),
    ).toEqual([
      "Gemini blocked this prompt (SAFETY). Please try a different prompt.",
      "Details: unsafe",
      "Model: gemini",
    ]);
    answer = { status: 500, body: {} };
    await user.click(dialog.getByRole("button", { name: "Generate Content" }));
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(TEXTS.lounge.aiTextFailed));
    answer = { status: 201, body: { resource: {} } };
    await user.click(dialog.getByRole("button", { name: "Generate Content" }));
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(TEXTS.lounge.aiInvalidResponse));
    // The fields are kept for another try.
    expect((dialog.getByLabelText("What should the content be about?") as HTMLTextAreaElement).value).toBe("A ritual");
  });

  it("an image failure uses the image fallback on a network error", async () => {
    routes({});
    const { user, dialog } = await openGenerator();
    await user.click(dialog.getByRole("tab", { name: /AI Images/ }));
    await user.type(dialog.getByLabelText("Describe the image"), "a nebula");
    await user.click(dialog.getByRole("button", { name: "Generate Image" }));
    await waitFor(() => expect(dialog.getByRole("alert").textContent).toBe(TEXTS.lounge.aiImageFailed));
  });

  it(`is busy while generating, then closes, reloads the library and says so; the request carries the \
form`, async () => {
    let release!: (v: { status: number; body: unknown }) => void;
    const pending = new Promise<{ status: number; body: unknown }>((resolve) => (release = resolve));
    const fetchMock = routes({ "POST /api/ai/generate-text": () => pending });
    const { user, dialog } = await openGenerator();
    await user.type(dialog.getByLabelText("What should the content be about?"), " A ritual ");
    await user.type(dialog.getByLabelText("Tags (comma separated)"), "moon, , ritual ");
    await user.selectOptions(dialog.getByLabelText("Content type"), "meditation");
    await user.selectOptions(dialog.getByLabelText("AI model"), "straico");
    await user.click(dialog.getByRole("button", { name: "Generate Content" }));
    const busy = await dialog.findByRole("button", { name: "Generating..." });
    // Pending refuses presses but stays focusable, so focus does not fall out of the dialog.
    expect(busy.getAttribute("aria-disabled")).toBe("true");
    await user.click(busy);
    expect((dialog.getByLabelText("What should the content be about?") as HTMLTextAreaElement).disabled).toBe(true);
    expect(bodiesOf(fetchMock, "/api/ai/generate-text")).toEqual([
      { prompt: "A ritual", tags: ["moon", "ritual"], type: "meditation", model: "straico" },
    ]);
    const listCalls = () =>
      fetchMock.mock.calls.filter(([u]) => new URL(String(u), "http://localhost").pathname === "/api/resources").length;
    const before = listCalls();
    release({ status: 201, body: { success: true, storage_method: "r2", resource: {} } });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "AI Generate" })).toBeNull());
    expect(await screen.findByText(TEXTS.ai.resourceGenerated)).toBeTruthy();
    await waitFor(() => expect(listCalls()).toBe(before + 1));

    // Opened again: fresh fields and the model back on openai.
    await user.click(screen.getByRole("button", { name: /AI Generate/ }));
    const again = within(await screen.findByRole("dialog", { name: "AI Generate" }));
    expect((again.getByLabelText("What should the content be about?") as HTMLTextAreaElement).value).toBe("");
    expect((again.getByLabelText("AI model") as unknown as HTMLSelectElement).value).toBe("openai");
  });

  it("warns that the link may expire when only a temporary URL was kept", async () => {
    routes({
      "POST /api/ai/generate-image": {
        status: 201,
        body: { success: true, storage_method: "temporary_url", resource: {} },
      },
    });
    const { user, dialog } = await openGenerator();
    await user.click(dialog.getByRole("tab", { name: /AI Images/ }));
    await user.type(dialog.getByLabelText("Describe the image"), "a nebula");
    await user.click(dialog.getByRole("button", { name: "Generate Image" }));
    expect(await screen.findByText(TEXTS.ai.temporaryUrlWarning)).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: "AI Generate" })).toBeNull();
  });

  it("disables image generation for a model the server cannot use, with the reason", async () => {
    stubApi({
      "GET /api/resources": { status: 200, body: library },
      "GET /api/resources/tags": { status: 200, body: { tags: [], total: 0 } },
      "GET /api/ai/capabilities": {
        status: 200,
        body: { ...CAPS, images: { openai: true, gemini: false, straico: false } },
      },
    });
    const { user, dialog } = await openGenerator();
    await user.click(dialog.getByRole("tab", { name: /AI Images/ }));
    await user.type(dialog.getByLabelText("Describe the image"), "a nebula");
    expect((dialog.getByRole("button", { name: "Generate Image" }) as HTMLButtonElement).disabled).toBe(false);
    await user.selectOptions(dialog.getByLabelText("AI model"), "straico");
    expect((dialog.getByRole("button", { name: "Coming Soon" }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.getByText(TEXTS.ai.imagesNotConfiguredShort("Straico"))).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { words as esDialogs } from "../../client/chat/dialog-words.es";
import { words as es } from "../../client/chat/words.es";
import { setLanguage } from "../../client/i18n/language";
import { formatMutedUntil } from "../../client/moderation/mute";
import { TEXT } from "../../client/text";
import {
  type ChannelDto,
  CLOSE_ACCESS_REVOKED,
  CLOSE_SESSION_ENDED,
  type MessageDto,
} from "../../worker/shared/chat-wire";
import { LIMITS, REACTIONS } from "../../worker/shared/rules";
import { TEXTS } from "../../worker/shared/texts";
import { FakeSocket } from "./fake-socket";
import { renderApp, reply, sessionDeps, userFixture } from "./render";
import { expectError } from "./reported-errors";

// The first test also loads the lazily imported screen, which is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const channel = (patch: Partial<ChannelDto> = {}): ChannelDto => ({
  id: 1,
  name: "General",
  description: null,
  is_private: false,
  created_by: 1,
  created_at: "2026-01-01T00:00:00.000Z",
  can_manage: true,
  is_direct: false,
  ...patch,
});
const message = (patch: Partial<MessageDto> = {}): MessageDto => ({
  id: 10,
  group_id: 1,
  sender_id: 2,
  sender_name: "Sol",
  body: "hello",
  created_at: new Date().toISOString(),
  image_url: null,
  hidden: false,
  hidden_reason: null,
  edited_at: null,
  deleted: false,
  reply_to: null,
  reactions: [],
  ...patch,
});

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
type Handler = (method: string, path: string, init?: RequestInit) => Answer | undefined;

/** fetch() replaced at the network boundary; answers may be promises (to hold a request in flight). */
function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    const url = new URL(raw, "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const answer = await handler(method, url.pathname + url.search, init);
    if (!answer) throw new TypeError("network error");
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

const me = sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1 })) });
const posts = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.filter(([u, init]) => String(u).startsWith(path) && init?.method === "POST");

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
});

async function openChat(handler: Handler, deps = me) {
  const fetchMock = stubApi((method, path, init) => {
    const answer = handler(method, path, init);
    if (answer) return answer;
    if (path === "/api/groups") return { status: 200, body: [channel(), channel({ id: 2, name: "Stars" })] };
    if (path.startsWith("/api/messages?group_id=")) return { status: 200, body: [] };
    return undefined;
  });
  const view = renderApp("/app/chat", deps);
  const input = (await screen.findByLabelText(
    TEXT.chat.messageLabel("General"),
    {},
    { timeout: 10_000 },
  )) as HTMLTextAreaElement;
  // The channel's socket is opened by an effect after the pane renders; wait for it.
  await waitFor(() => expect(FakeSocket.last("/api/groups/1/socket")).toBeTruthy());
  return { fetchMock, input, view };
}

describe("chat composer", () => {
  it("auto-selects the first channel and connects its socket", async () => {
    await openChat(() => undefined);
    expect(screen.getByRole("heading", { name: "# General" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "General" }).getAttribute("aria-current")).toBe("true");
    expect(FakeSocket.last("/api/groups/1/socket")).toBeTruthy();
  });

  it(`sends with Enter, adds a newline with Shift+Enter; a message typed while one is in flight goes out after it, \
in order, each with its own Idempotency-Key`, async () => {
    const pending = deferred<{ status: number; body: unknown }>();
    const { fetchMock, input } = await openChat((method, path, init) => {
      if (method !== "POST" || path !== "/api/messages") return undefined;
      const { body } = JSON.parse(init?.body as string);
      return body === "again" ? { status: 201, body: message({ id: 12, sender_id: 1, body }) } : pending.promise;
    });
    const user = userEvent.setup();
    await user.type(input, "  first line{Shift>}{Enter}{/Shift}second line");
    expect(input.value).toBe("  first line\nsecond line");
    expect(posts(fetchMock, "/api/messages")).toHaveLength(0);

    await user.type(input, "{Enter}");
    expect(input.value).toBe("");
    // The message shows at once, marked as being sent, with no menu until it is stored.
    const sending = await screen.findByText(TEXT.chat.sending);
    const bubble = sending.closest("li") as HTMLElement;
    expect(bubble.getAttribute("aria-busy")).toBe("true");
    expect(bubble.textContent).toContain("first line");
    expect(within(bubble).queryByRole("button", { name: TEXT.conversations.actions("Luna") })).toBeNull();
    // The next one queues behind it: shown, not sent yet.
    await user.type(input, "again{Enter}");
    expect(input.value).toBe("");
    expect(await screen.findAllByText(TEXT.chat.sending)).toHaveLength(2);
    expect(posts(fetchMock, "/api/messages")).toHaveLength(1);
    expect(JSON.parse(posts(fetchMock, "/api/messages")[0][1]!.body as string)).toEqual({
      group_id: 1,
      body: "first line\nsecond line",
    });

    pending.resolve({
      status: 201,
      body: message({ id: 11, sender_id: 1, sender_name: "Luna", body: "first line\nsecond line" }),
    });
    // The stored message replaces it, once; then the second goes out.
    await waitFor(() => expect(screen.queryByText(TEXT.chat.sending)).toBeNull());
    expect(screen.getAllByText(/first line/)).toHaveLength(1);
    expect(document.getElementById("message-11")?.getAttribute("aria-busy")).toBeNull();
    expect(document.getElementById("message-12")).toBeTruthy();
    const sent = posts(fetchMock, "/api/messages");
    expect(sent.map(([, init]) => JSON.parse(init!.body as string).body)).toEqual(["first line\nsecond line", "again"]);
    const keys = sent.map(([, init]) => new Headers(init!.headers).get("idempotency-key"));
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(2);
    // Whitespace alone is not sent.
    await user.clear(input);
    await user.type(input, "   {Enter}");
    expect(posts(fetchMock, "/api/messages")).toHaveLength(2);
  });

  it(`shows the message while it is sent, then takes it back, restores the text and shows the server's error \
when sending fails`, async () => {
    const pending = deferred<{ status: number; body: unknown }>();
    await openChat((method, path) => (method === "POST" && path === "/api/messages" ? pending.promise : undefined));
    const input = screen.getByLabelText("Message #General") as HTMLTextAreaElement;
    const user = userEvent.setup();
    await user.type(input, "keep me{Enter}");
    expect((await screen.findByText(TEXT.chat.sending)).closest("li")?.textContent).toContain("keep me");
    pending.resolve({ status: 400, body: { error: "Message cannot be empty" } });
    await waitFor(() => expect(input.value).toBe("keep me"));
    expect(await screen.findByText("Message cannot be empty")).toBeTruthy();
    expect(screen.queryByText(TEXT.chat.sending)).toBeNull();
    expect([...document.querySelectorAll("li")].filter((li) => li.textContent?.includes("keep me"))).toHaveLength(0);
  });

  it("grows with its content up to 100px", async () => {
    const { input } = await openChat(() => undefined);
    const height = vi.spyOn(input, "scrollHeight", "get").mockReturnValue(64);
    fireEvent.input(input, { target: { value: "a\nb" } });
    expect(input.style.height).toBe("64px");
    height.mockReturnValue(240);
    fireEvent.input(input, { target: { value: "a\nb\nc\nd\ne\nf\ng" } });
    expect(input.style.height).toBe("100px");
    expect(input.style.overflowY).toBe("auto");
  });

  it("checks images in the browser before uploading", async () => {
    const { fetchMock } = await openChat(() => undefined);
    const picker = screen.getByTestId("chat-image-input") as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(picker, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await screen.findByText(TEXTS.chat.imageTypeInvalid)).toBeTruthy();
    const big = new File([new Uint8Array(LIMITS.chatImageMaxBytes + 1)], "big.png", { type: "image/png" });
    await user.upload(picker, big);
    expect(await screen.findByText(TEXTS.chat.imageTooLarge)).toBeTruthy();
    expect(posts(fetchMock, "/api/messages/image")).toHaveLength(0);
  });
});

describe("chat feed", () => {
  it("shows a message being sent once when the socket brings the stored one before the send's answer", async () => {
    const pending = deferred<{ status: number; body: unknown }>();
    const { input } = await openChat((method, path) =>
      method === "POST" && path === "/api/messages" ? pending.promise : undefined,
    );
    const socket = FakeSocket.last("/api/groups/1/socket")!;
    act(() => socket.open());
    const user = userEvent.setup();
    await user.type(input, "quick{Enter}");
    await screen.findByText(TEXT.chat.sending);
    const stored = message({ id: 30, sender_id: 1, sender_name: "Luna", body: "quick" });
    act(() => socket.receive({ type: "message", message: stored }));
    // The stored message stands in for the bubble at once, while the send is still in flight.
    await waitFor(() => expect(screen.queryByText(TEXT.chat.sending)).toBeNull());
    expect(screen.getAllByText("quick")).toHaveLength(1);
    pending.resolve({ status: 201, body: stored });
    await waitFor(() => expect(input.disabled).toBe(false));
    expect(screen.getAllByText("quick")).toHaveLength(1);
    expect(document.getElementById("message-30")).toBeTruthy();
  });

  it("shows a message once whether it arrives by reply, socket or poll, and announces others' messages", async () => {
    const { input } = await openChat((method, path) => {
      if (method === "POST" && path === "/api/messages")
        return { status: 201, body: message({ id: 20, sender_id: 1, sender_name: "Luna", body: "mine" }) };
      if (path === "/api/messages?group_id=1&after=0")
        return {
          status: 200,
          body: [
            message({ id: 20, sender_id: 1, sender_name: "Luna", body: "mine" }),
            message({ id: 21, body: "theirs" }),
          ],
        };
      return undefined;
    });
    const socket = FakeSocket.last("/api/groups/1/socket")!;
    const user = userEvent.setup();
    await user.type(input, "mine{Enter}");
    await screen.findByText("mine");
    act(() =>
      socket.receive({
        type: "message",
        message: message({ id: 20, sender_id: 1, sender_name: "Luna", body: "mine" }),
      }),
    );
    // Opening the socket catches up by cursor: 20 again (dropped) and 21.
    act(() => socket.open());
    await screen.findByText("theirs");
    act(() => socket.receive({ type: "message", message: message({ id: 21, body: "theirs" }) }));
    expect(screen.getAllByText("mine")).toHaveLength(1);
    expect(screen.getAllByText("theirs")).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId("chat-announcer").textContent).toBe(TEXTS.chat.newMessage("Sol", "theirs")),
    );
  });

  it("previews only the first three links, then counts the rest", async () => {
    const body =
      "see https://a.example/1 https://b.example/2 https://c.example/3 https://d.example/4 https://e.example/5";
    // The card logs a refused preview for the developer, then shows the hostname.
    expectError(/^console\.warn: link preview failed https:\/\/[abc]\.example\/\d refused$/);
    await openChat((method, path) => {
      if (path === "/api/messages?group_id=1") return { status: 200, body: [message({ body })] };
      if (method === "POST" && path === "/api/link-preview") return { status: 400, body: { error: "refused" } };
      return undefined;
    });
    expect(await screen.findByText(TEXTS.chat.moreLinks(2))).toBeTruthy();
    // A failed preview shows the hostname.
    await waitFor(() => expect(screen.getByText("a.example")).toBeTruthy());
    expect(screen.queryByText("d.example")).toBeNull();
    expect(screen.getAllByRole("link", { name: /^https:\/\// })).toHaveLength(5);
  });

  it("shows the signed-out state when the server ends the session over the socket, without reconnecting", async () => {
    const { view } = await openChat(() => undefined);
    const socket = FakeSocket.last("/api/groups/1/socket")!;
    act(() => socket.open());
    const opened = FakeSocket.all.length;
    act(() => socket.onclose?.({ code: CLOSE_SESSION_ENDED }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe("/"));
    expect(view.store.getState().user).toBeNull();
    expect(FakeSocket.all).toHaveLength(opened);
  });

  it("drops a channel whose access was revoked over the socket, without reconnecting to it", async () => {
    await openChat(() => undefined);
    const socket = FakeSocket.last("/api/groups/1/socket")!;
    act(() => socket.open());
    act(() => socket.onclose?.({ code: CLOSE_ACCESS_REVOKED }));
    await waitFor(() => expect(screen.getByRole("heading", { name: "# Stars" })).toBeTruthy());
    expect(screen.queryByRole("button", { name: "General" })).toBeNull();
    expect(FakeSocket.all.filter((s) => s.url.endsWith("/api/groups/1/socket"))).toHaveLength(1);
  });

  it("after deleting a channel selects the first remaining one", async () => {
    await openChat((method, path) =>
      method === "DELETE" && path === "/api/groups/1" ? { status: 200, body: { success: true } } : undefined,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Manage channel General" }));
    // The dialog's code loads when it opens.
    await user.click(await screen.findByRole("button", { name: "Delete channel" }));
    // The confirmation loads its code on the first confirm().
    expect(await screen.findByText(TEXTS.confirm.deleteChannel)).toBeTruthy();
    await user.click(screen.getAllByRole("button", { name: "Delete channel" }).at(-1)!);
    await waitFor(() => expect(screen.getByRole("heading", { name: "# Stars" })).toBeTruthy());
    expect(screen.queryByRole("button", { name: "General" })).toBeNull();
  });

  it("lists a private channel's members and invitations alike by email, invites and revokes", async () => {
    let invited = [{ id: 7, email: "nova@example.com", invited_at: "2026-01-02T00:00:00.000Z" }];
    const { fetchMock } = await openChat((method, path, init) => {
      if (path === "/api/groups")
        return { status: 200, body: [channel({ is_private: true }), channel({ id: 2, name: "Stars" })] };
      if (method === "GET" && path === "/api/groups/1/members")
        return { status: 200, body: { members: [{ id: 3, name: "Sol", email: "sol@example.com" }], invited } };
      if (method === "POST" && path === "/api/groups/1/members") {
        const { email } = JSON.parse(String(init?.body)) as { email: string };
        invited = [...invited, { id: 8, email, invited_at: "2026-01-03T00:00:00.000Z" }];
        return { status: 201, body: { email, status: "invited" } };
      }
      if (method === "DELETE" && path === "/api/groups/1/invitations/7") {
        invited = invited.filter((i) => i.id !== 7);
        return { status: 200, body: { success: true } };
      }
      return undefined;
    });
    const T = TEXT.channelMembers;
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Manage channel General" }));
    // The open dialog (in the accessibility tree once its effect ran showModal), before typing in it.
    await within(await screen.findByRole("dialog")).findByText("Sol");
    expect(screen.getByRole("button", { name: T.revokeLabel("nova@example.com") })).toBeTruthy();
    expect(screen.getAllByText(T.invitedBadge)).toHaveLength(1);

    await user.type(screen.getByLabelText(T.emailLabel), "luna@example.com");
    await user.click(screen.getByRole("button", { name: T.invite }));
    expect((await screen.findByText(T.sent("luna@example.com"))).getAttribute("role")).toBe("status");
    await waitFor(() => expect(screen.getAllByText(T.invitedBadge)).toHaveLength(2));

    await user.click(screen.getByRole("button", { name: T.revokeLabel("nova@example.com") }));
    await waitFor(() => expect(screen.queryByRole("button", { name: T.revokeLabel("nova@example.com") })).toBeNull());
    expect(
      fetchMock.mock.calls.some(
        ([u, i]) => String(u).endsWith("/api/groups/1/invitations/7") && i?.method === "DELETE",
      ),
    ).toBe(true);
  });

  it("shows the server's error in a red box when creating a channel fails", async () => {
    await openChat((method, path) =>
      method === "POST" && path === "/api/groups"
        ? { status: 400, body: { error: "name: Channel name is required" } }
        : undefined,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "+ New" }));
    // Found by role: the dialog is in the accessibility tree once its effect has opened it (showModal).
    // Typed into before that, the click did not focus the field and the keystroke reached "+ New".
    const dialog = await screen.findByRole("dialog", { name: "Create channel" });
    await user.type(within(dialog).getByLabelText("Channel name"), "x");
    await user.click(within(dialog).getByRole("button", { name: "Create channel" }));
    await waitFor(() =>
      expect(
        screen.getByRole("dialog", { name: "Create channel" }).querySelector(".alert-error[role=alert]")?.textContent,
      ).toBe("name: Channel name is required"),
    );
  });
});

describe("chat moderation", () => {
  it("reports another member's message (never one's own) through POST /api/reports", async () => {
    const { fetchMock } = await openChat((method, path) => {
      if (path.startsWith("/api/messages?group_id="))
        return { status: 200, body: [message(), message({ id: 11, sender_id: 1, sender_name: "Luna", body: "mine" })] };
      if (method === "POST" && path === "/api/reports") return { status: 201, body: { success: true } };
      return undefined;
    });
    await screen.findByText("mine");
    const user = userEvent.setup();
    // Reporting sits in each message's action menu, never on one's own message.
    await user.click(screen.getByRole("button", { name: TEXT.conversations.actions("Luna") }));
    // The menu's list arrives with its code (on demand): wait for it before saying what it lacks.
    await screen.findByRole("button", { name: TEXT.conversations.copyLink });
    expect(screen.queryByRole("button", { name: TEXT.moderation.reportMessage("Luna") })).toBeNull();
    expect(screen.queryByRole("button", { name: TEXT.moderation.report })).toBeNull();
    await user.click(screen.getByRole("button", { name: TEXT.conversations.actions("Sol") }));
    await user.click(await screen.findByRole("button", { name: TEXT.moderation.reportMessage("Sol") }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.reportDialog.reportTitle.message });
    await user.click(within(dialog).getByRole("radio", { name: TEXT.reportDialog.reasonOptions.harassment }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.reportDialog.sendReport }));
    expect(await screen.findByText(TEXT.reportDialog.reportSent)).toBeTruthy();
    expect(posts(fetchMock, "/api/reports").map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { kind: "message", id: 10, reason: "harassment", details: null },
    ]);
  });
});

describe("chat moderation, live", () => {
  it(`replaces a message hidden by a moderator as soon as the socket says so, and shows its author why on \
load`, async () => {
    await openChat((_method, path) =>
      path.startsWith("/api/messages?group_id=")
        ? {
            status: 200,
            body: [
              message({ body: "buy my stars" }),
              message({
                id: 11,
                sender_id: 1,
                sender_name: "Luna",
                body: TEXT.moderation.removed,
                hidden: true,
                hidden_reason: "spam",
              }),
            ],
          }
        : undefined,
    );
    await screen.findByText("buy my stars");
    expect(screen.getByTestId("removed-content").textContent).toBe(
      TEXT.moderation.removedReason(TEXT.moderation.reasonLabels.spam),
    );
    const socket = FakeSocket.last("/api/groups/1/socket")!;
    act(() => socket.open());
    // A frame for another channel changes nothing here.
    act(() => socket.receive({ type: "message_hidden", group_id: 2, message_id: 10 }));
    expect(screen.getByText("buy my stars")).toBeTruthy();
    act(() => socket.receive({ type: "message_hidden", group_id: 1, message_id: 10 }));
    await waitFor(() => expect(screen.queryByText("buy my stars")).toBeNull());
    expect(screen.getAllByTestId("removed-content").map((p) => p.textContent)).toEqual([
      TEXT.moderation.removed,
      TEXT.moderation.removedReason(TEXT.moderation.reasonLabels.spam),
    ]);
    expect(screen.queryByRole("button", { name: TEXT.moderation.reportMessage("Sol") })).toBeNull();
  });
});

describe("chat while muted", () => {
  it(`learns of a mute set while the chat was open at the refused send, then disables the composer with until \
when`, async () => {
    const until = new Date(Date.now() + 3 * 3600_000).toISOString();
    let muted = false;
    const deps = sessionDeps({
      getMe: async () => reply(200, userFixture({ id: 1, muted_until: muted ? until : null })),
    });
    const { input } = await openChat((method, path) => {
      if (method !== "POST" || path !== "/api/messages") return undefined;
      muted = true;
      return {
        status: 403,
        body: { error: "You are muted until later.", code: "account_muted", details: { muted_until: until } },
      };
    }, deps);
    expect(input.disabled).toBe(false);
    const user = userEvent.setup();
    await user.type(input, "hello{Enter}");
    const text = TEXT.moderation.muted(formatMutedUntil(new Date(until), null));
    await waitFor(() => expect(input.disabled).toBe(true));
    // The banner's code loads for a muted member only: it arrives after the user view.
    expect((await screen.findByTestId("muted-banner")).textContent).toBe(text);
    expect(document.getElementById("chat-composer-muted")?.textContent).toBe(text);
    expect((screen.getByRole("button", { name: TEXT.chat.send }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: TEXT.chat.uploadImage }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("chat in Spanish", () => {
  it("the channel list, the composer and the manage dialog read the Spanish catalogue", async () => {
    await setLanguage("es");
    try {
      const { input } = await openChat(() => undefined);
      expect(input.getAttribute("placeholder")).toBe(es.chat.messageLabel("General"));
      expect(screen.getByRole("button", { name: es.chat.send })).toBeTruthy();
      expect(screen.getByRole("button", { name: es.chat.uploadImage })).toBeTruthy();
      const user = userEvent.setup();
      await user.click(screen.getByRole("button", { name: es.chat.manageChannelLabel("General") }));
      const dialog = within(
        await screen.findByRole("dialog", { name: esDialogs.channelDialog.manageTitle("General") }),
      );
      expect(dialog.getByLabelText(esDialogs.channelDialog.nameLabel)).toBeTruthy();
      expect(dialog.getByRole("button", { name: esDialogs.channelDialog.delete })).toBeTruthy();
      expect(dialog.getByRole("button", { name: esDialogs.channelDialog.save })).toBeTruthy();
    } finally {
      await setLanguage("en");
    }
  });
});

describe("editing and deleting messages", () => {
  const T = TEXT.conversations;

  it("edits the member's own message through PATCH and shows it edited; others' messages offer no edit", async () => {
    const { fetchMock } = await openChat((method, path, init) => {
      if (path.startsWith("/api/messages?group_id="))
        return { status: 200, body: [message(), message({ id: 11, sender_id: 1, sender_name: "Luna", body: "helo" })] };
      if (method === "PATCH" && path === "/api/messages/11") {
        const { body } = JSON.parse(String(init!.body));
        return {
          status: 200,
          body: message({ id: 11, sender_id: 1, sender_name: "Luna", body, edited_at: new Date().toISOString() }),
        };
      }
      return undefined;
    });
    await screen.findByText("helo");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: T.actions("Sol") }));
    await screen.findByRole("button", { name: T.reply });
    expect(screen.queryByRole("button", { name: T.edit })).toBeNull();
    expect(screen.queryByRole("button", { name: T.delete })).toBeNull();
    await user.click(screen.getByRole("button", { name: T.actions("Luna") }));
    await user.click(await screen.findByRole("button", { name: T.edit }));
    const box = await screen.findByLabelText(T.editLabel);
    // The form arrives with its code (on demand) and puts the caret in the message.
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, "hello there");
    await user.click(screen.getByRole("button", { name: T.save }));
    expect(await screen.findByText("hello there")).toBeTruthy();
    expect(screen.getByText(`(${T.edited})`)).toBeTruthy();
    const patches = fetchMock.mock.calls.filter(([, init]) => init?.method === "PATCH");
    expect(patches.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([{ body: "hello there" }]);
  });

  it("deletes after confirming, leaving the placeholder", async () => {
    const { fetchMock } = await openChat((method, path) => {
      if (path.startsWith("/api/messages?group_id="))
        return { status: 200, body: [message({ id: 11, sender_id: 1, sender_name: "Luna", body: "regret" })] };
      if (method === "DELETE" && path === "/api/messages/11") return { status: 200, body: { success: true } };
      return undefined;
    });
    await screen.findByText("regret");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: T.actions("Luna") }));
    await user.click(await screen.findByRole("button", { name: T.delete }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: TEXT.common.delete }));
    expect(await screen.findByText(T.deleted)).toBeTruthy();
    expect(screen.queryByText("regret")).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE")).toHaveLength(1);
  });

  it("applies message_edited and message_deleted frames of the open channel only", async () => {
    await openChat((_method, path) =>
      path.startsWith("/api/messages?group_id=")
        ? { status: 200, body: [message({ body: "first" }), message({ id: 12, body: "second" })] }
        : undefined,
    );
    await screen.findByText("second");
    const socket = FakeSocket.last("/api/groups/1/socket")!;
    act(() => socket.receive({ type: "message_edited", message: message({ group_id: 2, body: "elsewhere" }) }));
    act(() => socket.receive({ type: "message_deleted", group_id: 2, message_id: 12 }));
    expect(screen.getByText("first")).toBeTruthy();
    expect(screen.getByText("second")).toBeTruthy();
    act(() =>
      socket.receive({
        type: "message_edited",
        message: message({ body: "first, fixed", edited_at: new Date().toISOString() }),
      }),
    );
    act(() => socket.receive({ type: "message_deleted", group_id: 1, message_id: 12 }));
    expect(await screen.findByText("first, fixed")).toBeTruthy();
    expect(screen.queryByText("second")).toBeNull();
    expect(screen.getByText(T.deleted)).toBeTruthy();
  });
});

describe("replies", () => {
  const T = TEXT.conversations;

  it("replies from the menu: the send carries reply_to, and the reply quotes the original", async () => {
    const { fetchMock, input } = await openChat((method, path, init) => {
      if (path.startsWith("/api/messages?group_id=")) return { status: 200, body: [message({ body: "walk at six?" })] };
      if (method === "POST" && path === "/api/messages") {
        const sent = JSON.parse(String(init!.body));
        return {
          status: 201,
          body: message({ id: 11, sender_id: 1, sender_name: "Luna", body: sent.body, reply_to: sent.reply_to }),
        };
      }
      return undefined;
    });
    await screen.findByText("walk at six?");
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: T.actions("Sol") }));
    await user.click(await screen.findByRole("button", { name: T.reply }));
    expect(screen.getByText(T.replyingTo("Sol"))).toBeTruthy();
    await user.type(input, "count me in{Enter}");
    expect(await screen.findByText("count me in")).toBeTruthy();
    expect(posts(fetchMock, "/api/messages").map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { group_id: 1, body: "count me in", reply_to: 10 },
    ]);
    expect(screen.queryByText(T.replyingTo("Sol"))).toBeNull();
    const quote = screen.getByRole("link", { name: new RegExp(`^${T.quoteLabel} Sol `) });
    expect(quote.getAttribute("href")).toBe("/app/chat?group=1&message=10");
    expect(quote.textContent).toContain("walk at six?");
  });

  it("quotes an original that is not loaded as an earlier message, and a deleted one as deleted", async () => {
    await openChat((_method, path) =>
      path.startsWith("/api/messages?group_id=")
        ? {
            status: 200,
            body: [
              message({ id: 20, body: "", deleted: true }),
              message({ id: 21, body: "about that", reply_to: 20 }),
              message({ id: 22, body: "and this", reply_to: 3 }),
            ],
          }
        : undefined,
    );
    await screen.findByText("and this");
    expect(screen.getByRole("link", { name: new RegExp(`^${T.quoteLabel} Sol `) }).textContent).toContain(T.deleted);
    expect(screen.getByRole("link", { name: T.earlierMessage }).getAttribute("href")).toBe(
      "/app/chat?group=1&message=3",
    );
  });
});

describe("reactions in chat", () => {
  const R = TEXT.reactions;
  const chip = (emoji: string, count: number) => screen.getByRole("button", { name: R.chip(emoji, count) });

  it("reacts from the message's menu with the emoji's name, shows the server's counts, and returns focus", async () => {
    const { fetchMock } = await openChat((method, path, init) => {
      if (path.startsWith("/api/messages?group_id="))
        return { status: 200, body: [message({ reactions: [{ emoji: "✨", count: 2, mine: false }] })] };
      if (method === "POST" && path === "/api/messages/10/reactions") {
        expect(JSON.parse(String(init!.body))).toEqual({ emoji: "✨" });
        return { status: 200, body: { reactions: [{ emoji: "✨", count: 3, mine: true }] } };
      }
      return undefined;
    });
    expect((await screen.findByRole("button", { name: R.chip("✨", 2) })).getAttribute("aria-pressed")).toBe("false");
    const user = userEvent.setup();
    const toggle = screen.getByRole("button", { name: TEXT.conversations.actions("Sol") });
    await user.click(toggle);
    expect(
      (await screen.findAllByRole("button", { name: /^React with / })).map((b) => b.getAttribute("aria-label")),
    ).toEqual(REACTIONS.emoji.map((e) => TEXT.menus.reactWith(e)));
    await user.click(screen.getByRole("button", { name: TEXT.menus.reactWith("✨") }));
    await waitFor(() => expect(chip("✨", 3).getAttribute("aria-pressed")).toBe("true"));
    expect(document.activeElement).toBe(toggle);
    expect(screen.queryByRole("button", { name: TEXT.menus.reactWith("✨") })).toBeNull();
    expect(posts(fetchMock, "/api/messages/10/reactions")).toHaveLength(1);
  });

  it("Escape closes the menu and returns focus to its button", async () => {
    await openChat((_m, path) =>
      path.startsWith("/api/messages?group_id=") ? { status: 200, body: [message()] } : undefined,
    );
    const user = userEvent.setup();
    const toggle = await screen.findByRole("button", { name: TEXT.conversations.actions("Sol") });
    await user.click(toggle);
    (await screen.findByRole("button", { name: TEXT.menus.reactWith("🙏") })).focus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("button", { name: TEXT.menus.reactWith("🙏") })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it("applies reaction frames of the open channel: counts for everyone, the member's own kept or toggled", async () => {
    await openChat((_m, path) =>
      path.startsWith("/api/messages?group_id=")
        ? { status: 200, body: [message({ reactions: [{ emoji: "✨", count: 1, mine: true }] })] }
        : undefined,
    );
    await screen.findByRole("button", { name: R.chip("✨", 1) });
    const socket = FakeSocket.last("/api/groups/1/socket")!;
    const frame = { type: "reaction", group_id: 1, message_id: 10, emoji: "🙏", added: true };
    act(() => socket.receive({ ...frame, group_id: 2, user_id: 2, counts: [{ emoji: "🙏", count: 9 }] }));
    expect(screen.queryByRole("button", { name: R.chip("🙏", 9) })).toBeNull();
    act(() =>
      socket.receive({
        ...frame,
        user_id: 2,
        counts: [
          { emoji: "🙏", count: 1 },
          { emoji: "✨", count: 1 },
        ],
      }),
    );
    expect((await screen.findByRole("button", { name: R.chip("🙏", 1) })).getAttribute("aria-pressed")).toBe("false");
    expect(chip("✨", 1).getAttribute("aria-pressed")).toBe("true");
    act(() =>
      socket.receive({
        ...frame,
        user_id: 1,
        counts: [
          { emoji: "🙏", count: 2 },
          { emoji: "✨", count: 1 },
        ],
      }),
    );
    expect((await screen.findByRole("button", { name: R.chip("🙏", 2) })).getAttribute("aria-pressed")).toBe("true");
  });
});

describe("chat outbox: lost answers and the offline queue", () => {
  const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get("idempotency-key");
  const sentBodies = (fetchMock: ReturnType<typeof stubApi>) =>
    posts(fetchMock, "/api/messages").map(([, init]) => ({
      body: JSON.parse(init!.body as string).body as string,
      key: keyOf(init),
    }));

  it(`retries a lost answer (network error, 502, 503, 504) with the same key, then shows the stored message \
once`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    try {
      const lost: (number | null)[] = [null, 502, 503, 504];
      const { fetchMock, input } = await openChat((method, path) => {
        if (method !== "POST" || path !== "/api/messages") return undefined;
        const next = lost.shift();
        if (next === null) return undefined; // no answer: fetch rejects
        if (next) return { status: next, body: { error: "Bad gateway", code: "upstream_failed" } };
        return { status: 201, body: message({ id: 40, sender_id: 1, sender_name: "Luna", body: "through" }) };
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(input, "through{Enter}");
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await waitFor(() => expect(document.getElementById("message-40")).toBeTruthy());
      expect(screen.queryByText(TEXT.chat.sending)).toBeNull();
      const sent = sentBodies(fetchMock);
      expect(sent).toHaveLength(5);
      expect(new Set(sent.map((s) => s.key)).size).toBe(1);
      expect(screen.getAllByText("through")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`shows "not sent" when every retry's answer is lost; a message typed after it waits; Retry sends it again with \
its key, then the next`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    try {
      let down = true;
      const { fetchMock, input } = await openChat((method, path, init) => {
        if (method !== "POST" || path !== "/api/messages") return undefined;
        if (down) return { status: 503, body: { error: "Service unavailable", code: "service_unavailable" } };
        const { body } = JSON.parse(init!.body as string);
        return { status: 201, body: message({ id: body === "first" ? 50 : 51, sender_id: 1, body }) };
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(input, "first{Enter}");
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(await screen.findByText(TEXT.chat.notSent)).toBeTruthy();
      expect(sentBodies(fetchMock)).toHaveLength(5);
      // A message typed now waits behind the one not sent: order is kept.
      await user.type(input, "second{Enter}");
      expect(await screen.findByText(TEXT.chat.waitingToSend)).toBeTruthy();
      expect(sentBodies(fetchMock)).toHaveLength(5);
      down = false;
      await user.click(screen.getByRole("button", { name: TEXT.chat.retrySend }));
      await waitFor(() => expect(document.getElementById("message-51")).toBeTruthy());
      const sent = sentBodies(fetchMock);
      expect(sent.map((s) => s.body)).toEqual(["first", "first", "first", "first", "first", "first", "second"]);
      expect(new Set(sent.slice(0, 6).map((s) => s.key)).size).toBe(1);
      expect(sent[6].key).not.toBe(sent[0].key);
      expect(screen.queryByText(TEXT.chat.notSent)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("Discard drops a message not sent, and the ones behind it go out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { fetchMock, input } = await openChat((method, path, init) => {
        if (method !== "POST" || path !== "/api/messages") return undefined;
        const { body } = JSON.parse(init!.body as string);
        if (body === "doomed") return undefined;
        return { status: 201, body: message({ id: 60, sender_id: 1, body }) };
      });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(input, "doomed{Enter}");
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await user.type(input, "kept{Enter}");
      await user.click(await screen.findByRole("button", { name: TEXT.chat.discardSend }));
      await waitFor(() => expect(document.getElementById("message-60")).toBeTruthy());
      expect(screen.queryByText("doomed")).toBeNull();
      expect(sentBodies(fetchMock).map((s) => s.body)).toEqual([...Array(5).fill("doomed"), "kept"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`a message "not sent" whose stored copy arrives after all (its key stuck in progress) leaves the outbox, and \
the next goes out`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { fetchMock, input } = await openChat((method, path, init) => {
        if (method !== "POST" || path !== "/api/messages") return undefined;
        const { body } = JSON.parse(init!.body as string);
        if (body === "maybe") return { status: 409, body: { error: "x", code: "request_in_progress" } };
        return { status: 201, body: message({ id: 81, sender_id: 1, body }) };
      });
      const socket = FakeSocket.last("/api/groups/1/socket")!;
      act(() => socket.open());
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(input, "maybe{Enter}");
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(await screen.findByText(TEXT.chat.notSent)).toBeTruthy();
      await user.type(input, "after{Enter}");
      expect(sentBodies(fetchMock).map((s) => s.body)).not.toContain("after");
      act(() => socket.receive({ type: "message", message: message({ id: 80, sender_id: 1, body: "maybe" }) }));
      await waitFor(() => expect(document.getElementById("message-81")).toBeTruthy());
      expect(screen.queryByText(TEXT.chat.notSent)).toBeNull();
      expect(screen.getAllByText("maybe")).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("messages typed offline wait in order and go out when the connection returns, each with its key", async () => {
    const offline = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    let nextId = 70;
    const { fetchMock, input } = await openChat((method, path, init) => {
      if (method !== "POST" || path !== "/api/messages") return undefined;
      const { body } = JSON.parse(init!.body as string);
      return { status: 201, body: message({ id: nextId++, sender_id: 1, body }) };
    });
    const user = userEvent.setup();
    for (const text of ["one", "two", "three"]) await user.type(input, `${text}{Enter}`);
    expect(await screen.findAllByText(TEXT.chat.waitingToSend)).toHaveLength(3);
    expect(sentBodies(fetchMock)).toEqual([]);
    offline.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    await waitFor(() => expect(document.getElementById("message-72")).toBeTruthy());
    const sent = sentBodies(fetchMock);
    expect(sent.map((s) => s.body)).toEqual(["one", "two", "three"]);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(screen.queryByText(TEXT.chat.waitingToSend)).toBeNull();
    expect(screen.getAllByText(/^(one|two|three)$/)).toHaveLength(3);
  });
});

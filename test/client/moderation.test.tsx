// Moderation in the client: reporting, removed content, the muted state, the admin's
// Moderation and Audit tabs, and the member's data rights on the profile.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { formatMutedUntil } from "../../client/moderation/mute";
import { TEXT } from "../../client/text";
import { MODERATION } from "../../worker/shared/rules";
import {
  membershipStatus,
  profileReadsAnswer,
  renderApp,
  reply,
  sessionDeps,
  stubAdminFetch,
  stubFetch,
  userFixture,
} from "./render";

vi.setConfig({ testTimeout: 20_000 });

const NOW = new Date().toISOString();
const postFixture = (patch: Record<string, unknown> = {}) => ({
  id: 10,
  content: "Buy cheap stars",
  created_at: NOW,
  author_id: 2,
  author_name: "Sol",
  author_avatar: null,
  author_role: "member",
  reactions: [],
  likes_count: 0,
  comments_count: 1,
  is_liked: false,
  hidden: false,
  hidden_reason: null,
  ...patch,
});
const commentFixture = (patch: Record<string, unknown> = {}) => ({
  id: 30,
  post_id: 10,
  content: "rude words",
  created_at: NOW,
  author_id: 3,
  author_name: "Vega",
  author_avatar: null,
  author_role: "member",
  reactions: [],
  hidden: false,
  hidden_reason: null,
  ...patch,
});

type Route = { status: number; body: unknown };
const asMember = (patch = {}) => sessionDeps({ getMe: async () => reply(200, userFixture(patch)) });

function lounge(posts: unknown[], extra?: (url: string, method: string, init?: RequestInit) => Route | undefined) {
  return stubFetch((url, init) => {
    const method = init?.method ?? "GET";
    const custom = extra?.(url, method, init);
    if (custom) return custom;
    if (method === "GET" && url.startsWith("/api/posts?")) return { status: 200, body: posts };
    if (method === "GET" && url === "/api/cosmic-notices") return { status: 200, body: [] };
    return undefined;
  });
}

const reportCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([u, init]) => String(u).endsWith("/api/reports") && init?.method === "POST")
    .map(([, init]) => JSON.parse(String(init!.body)));

async function openPostReport(name = "Sol") {
  const user = userEvent.setup();
  const card = await screen.findByRole("article", { name }, { timeout: 10_000 });
  await user.click(within(card).getByRole("button", { name: TEXT.moderation.postOptions }));
  await user.click(await within(card).findByRole("button", { name: TEXT.moderation.reportPost }));
  return { user, dialog: await screen.findByRole("dialog", { name: TEXT.reportDialog.reportTitle.post }) };
}

describe("reporting", () => {
  it("reports someone else's post with a reason and details, and thanks the member", async () => {
    const fetchMock = lounge([postFixture()], (url, method) =>
      method === "POST" && url === "/api/reports" ? { status: 201, body: { success: true } } : undefined,
    );
    renderApp("/app/lounge", asMember());
    const { user, dialog } = await openPostReport();
    const send = within(dialog).getByRole("button", { name: TEXT.reportDialog.sendReport }) as HTMLButtonElement;
    // A reason is required; the three come from REPORT_REASONS.
    expect(send.disabled).toBe(true);
    expect(
      within(dialog)
        .getAllByRole("radio")
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(["spam", "harassment", "other"]);
    await user.click(within(dialog).getByRole("radio", { name: TEXT.reportDialog.reasonOptions.spam }));
    await user.type(within(dialog).getByLabelText(TEXT.reportDialog.detailsLabel), "  selling things  ");
    await user.click(send);
    // Generous waits: the first test also loads the lounge's lazy chunk on a shared, busy machine.
    expect(await screen.findByText(TEXT.reportDialog.reportSent, {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), { timeout: 5_000 });
    expect(reportCalls(fetchMock)).toEqual([{ kind: "post", id: 10, reason: "spam", details: "selling things" }]);
  });

  it(`closes with 'already reported' when the server answers that code, and keeps other errors in the \
dialog`, async () => {
    let answer: Route = { status: 409, body: { error: "You have already reported this", code: "already_reported" } };
    lounge([postFixture()], (url, method) => (method === "POST" && url === "/api/reports" ? answer : undefined));
    renderApp("/app/lounge", asMember());
    let { user, dialog } = await openPostReport();
    await user.click(within(dialog).getByRole("radio", { name: TEXT.reportDialog.reasonOptions.other }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.reportDialog.sendReport }));
    expect(await screen.findByText(TEXT.reportDialog.alreadyReported)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    answer = { status: 409, body: { error: "This was already removed by a moderator", code: "already_removed" } };
    ({ user, dialog } = await openPostReport());
    await user.click(within(dialog).getByRole("radio", { name: TEXT.reportDialog.reasonOptions.harassment }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.reportDialog.sendReport }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This was already removed by a moderator");
    expect(screen.getByRole("dialog", { name: TEXT.reportDialog.reportTitle.post })).toBeTruthy();
  });

  it("offers no report on the member's own post, and a report on others' comments", async () => {
    const fetchMock = lounge([postFixture({ id: 11, author_id: 1, author_name: "Luna" })], (url, method) => {
      if (method === "GET" && url === "/api/posts/11/comments")
        return {
          status: 200,
          body: [
            commentFixture({ post_id: 11 }),
            commentFixture({ id: 31, author_id: 1, author_name: "Luna", content: "mine" }),
          ],
        };
      if (method === "POST" && url === "/api/reports") return { status: 201, body: { success: true } };
      return undefined;
    });
    renderApp("/app/lounge", asMember());
    const user = userEvent.setup();
    const card = await screen.findByRole("article", { name: "Luna" }, { timeout: 10_000 });
    await user.click(within(card).getByRole("button", { name: TEXT.moderation.postOptions }));
    expect(await within(card).findByRole("button", { name: TEXT.moderation.deletePost })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: TEXT.moderation.reportPost })).toBeNull();

    await user.click(within(card).getByRole("button", { name: /comment/ }));
    const comments = await screen.findByRole("dialog", { name: TEXT.lounge.commentsTitle });
    await within(comments).findByText("rude words");
    expect(within(comments).queryByRole("button", { name: TEXT.moderation.reportComment("Luna") })).toBeNull();
    expect(within(comments).queryByRole("button", { name: TEXT.conversations.commentActions("Luna") })).toBeTruthy();
    await user.click(within(comments).getByRole("button", { name: TEXT.conversations.commentActions("Vega") }));
    await user.click(await within(comments).findByRole("button", { name: TEXT.moderation.reportComment("Vega") }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.reportDialog.reportTitle.comment });
    await user.click(within(dialog).getByRole("radio", { name: TEXT.reportDialog.reasonOptions.harassment }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.reportDialog.sendReport }));
    expect(await screen.findByText(TEXT.reportDialog.reportSent)).toBeTruthy();
    expect(reportCalls(fetchMock)).toEqual([{ kind: "comment", id: 30, reason: "harassment", details: null }]);
  });
});

describe("removed content", () => {
  it(`shows 'removed by a moderator' in place of hidden posts and comments, with the reason for their author only, \
and no actions`, async () => {
    lounge(
      [
        postFixture({
          id: 12,
          author_id: 1,
          author_name: "Luna",
          content: "Removed by a moderator",
          hidden: true,
          hidden_reason: "spam",
        }),
        postFixture({
          id: 13,
          author_id: 2,
          author_name: "Sol",
          content: "Removed by a moderator",
          hidden: true,
          hidden_reason: null,
        }),
        postFixture({ id: 14, author_id: 4, author_name: "Ada", content: "A calm evening" }),
      ],
      (url, method) =>
        method === "GET" && url === "/api/posts/14/comments"
          ? {
              status: 200,
              body: [
                commentFixture({ post_id: 14, hidden: true, content: "Removed by a moderator" }),
                commentFixture({
                  id: 31,
                  post_id: 14,
                  author_id: 1,
                  author_name: "Luna",
                  hidden: true,
                  hidden_reason: "harassment",
                  content: "Removed by a moderator",
                }),
              ],
            }
          : undefined,
    );
    renderApp("/app/lounge", asMember());
    const mine = await screen.findByRole("article", { name: "Luna" }, { timeout: 10_000 });
    expect(within(mine).getByTestId("removed-content").textContent).toBe(
      TEXT.moderation.removedReason(TEXT.moderation.reasonLabels.spam),
    );
    expect(within(mine).queryByRole("button", { name: /like/i })).toBeNull();
    const theirs = screen.getByRole("article", { name: "Sol" });
    expect(within(theirs).getByTestId("removed-content").textContent).toBe(TEXT.moderation.removed);
    // Hidden content is not offered for reporting again.
    expect(within(theirs).queryByRole("button", { name: TEXT.moderation.postOptions })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(screen.getByRole("article", { name: "Ada" })).getByRole("button", { name: /comment/ }));
    const comments = await screen.findByRole("dialog", { name: TEXT.lounge.commentsTitle });
    await waitFor(() => expect(within(comments).getAllByTestId("removed-content")).toHaveLength(2));
    expect(
      within(comments)
        .getAllByTestId("removed-content")
        .map((p) => p.textContent),
    ).toEqual([TEXT.moderation.removed, TEXT.moderation.removedReason(TEXT.moderation.reasonLabels.harassment)]);
    expect(within(comments).queryByRole("button", { name: TEXT.moderation.reportComment("Vega") })).toBeNull();
  });
});

describe("muted members", () => {
  const until = new Date(Date.now() + 5 * 3600_000).toISOString();

  it("see a banner saying until when, and the post and comment composers are disabled with that text", async () => {
    lounge([postFixture()], (url, method) =>
      method === "GET" && url === "/api/posts/10/comments" ? { status: 200, body: [] } : undefined,
    );
    renderApp("/app/lounge", asMember({ muted_until: until, timezone: "America/Santiago" }));
    const banner = await screen.findByTestId("muted-banner", {}, { timeout: 10_000 });
    const text = TEXT.moderation.muted(formatMutedUntil(new Date(until), "America/Santiago"));
    expect(banner.textContent).toBe(text);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: TEXT.lounge.newPostTitle }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.lounge.newPostTitle });
    expect(within(dialog).getByText(text)).toBeTruthy();
    expect((within(dialog).getByLabelText(TEXT.loungeDialogs.postLabel) as HTMLTextAreaElement).disabled).toBe(true);
    expect((within(dialog).getByRole("button", { name: TEXT.loungeDialogs.post }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(within(dialog).getByRole("button", { name: TEXT.common.cancel }));
    await user.click(within(screen.getByRole("article", { name: "Sol" })).getByRole("button", { name: /comment/ }));
    const comments = await screen.findByRole("dialog", { name: TEXT.lounge.commentsTitle });
    expect((within(comments).getByLabelText(TEXT.loungeDialogs.commentLabel) as HTMLTextAreaElement).disabled).toBe(
      true,
    );
  });

  it("see no banner once the mute has passed, and can write", async () => {
    lounge([]);
    renderApp("/app/lounge", asMember({ muted_until: new Date(Date.now() - 1000).toISOString() }));
    await screen.findByText(TEXT.lounge.emptyTitle, {}, { timeout: 10_000 });
    expect(screen.queryByTestId("muted-banner")).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: TEXT.lounge.newPostTitle }));
    expect((screen.getByLabelText(TEXT.loungeDialogs.postLabel) as HTMLTextAreaElement).disabled).toBe(false);
  });
});

const asAdmin = () =>
  sessionDeps({ getMe: async () => reply(200, userFixture({ id: 1, name: "Ada", role: "admin" })) });
const memberRow = (patch: Record<string, unknown> = {}) => ({
  id: 2,
  name: "Mira",
  email: "mira@example.com",
  role: "member",
  created_at: "2026-02-01T10:00:00.000Z",
  status: "active",
  plan: "monthly",
  muted_until: null,
  auto_renew: null,
  ...patch,
});

describe("admin mutes", () => {
  it("mutes a member for some hours from the Members tab, then unmutes them", async () => {
    let members = [memberRow({ id: 1, name: "Ada", email: "admin@example.com", role: "admin" }), memberRow()];
    const mutedUntil = new Date(Date.now() + 48 * 3600_000).toISOString();
    const fetchMock = stubAdminFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (method === "GET" && url === "/api/admin/members") return { status: 200, body: members };
      if (method === "GET" && url === "/api/admin/payments") return { status: 200, body: [] };
      if (method === "GET" && url === "/api/admin/reports") return { status: 200, body: [] };
      if (method === "GET" && url === "/api/payments/mode")
        return { status: 200, body: { configured: true, missing: [] } };
      if (method === "POST" && url === "/api/admin/members/2/mute") {
        const { hours } = JSON.parse(String(init!.body));
        if (hours > MODERATION.muteHoursMax)
          return { status: 400, body: { error: "hours must be at most 720", code: "invalid_input" } };
        members = [members[0], memberRow({ muted_until: mutedUntil })];
        return { status: 200, body: { success: true, muted_until: mutedUntil } };
      }
      if (method === "DELETE" && url === "/api/admin/members/2/mute") {
        members = [members[0], memberRow()];
        return { status: 200, body: { success: true, muted_until: null } };
      }
      return undefined;
    });
    renderApp("/admin", asAdmin());
    const row = (await screen.findAllByTestId("member-row", {}, { timeout: 10_000 }))[1];
    // Admins cannot be muted: no control on their row.
    expect(within(screen.getAllByTestId("member-row")[0]).queryByRole("button", { name: /^Mute/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(row).getByRole("button", { name: TEXT.moderating.muteLabel("mira@example.com") }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.moderatingParts.muteTitle("Mira") });
    const hours = within(dialog).getByLabelText(TEXT.moderatingParts.muteHours);
    await user.clear(hours);
    await user.type(hours, "0");
    expect((within(dialog).getByRole("button", { name: TEXT.moderating.mute }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.clear(hours);
    await user.type(hours, "48");
    await user.click(within(dialog).getByRole("button", { name: TEXT.moderating.mute }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      await screen.findByText(TEXT.moderatingParts.mutedToast("Mira", formatMutedUntil(new Date(mutedUntil), null))),
    ).toBeTruthy();
    const mutedRow = screen.getAllByTestId("member-row")[1];
    expect(
      within(mutedRow).getByText(TEXT.moderating.mutedBadge(formatMutedUntil(new Date(mutedUntil), null))),
    ).toBeTruthy();

    await user.click(within(mutedRow).getByRole("button", { name: TEXT.moderating.unmuteLabel("mira@example.com") }));
    expect(await screen.findByText(TEXT.moderating.unmutedToast("Mira"))).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId("member-row")[1]).getByRole("button", {
          name: TEXT.moderating.muteLabel("mira@example.com"),
        }),
      ).toBeTruthy(),
    );
    const writes = fetchMock.mock.calls
      .filter(([u, init]) => String(u).includes("/mute") && init?.method !== "GET")
      .map(([u, init]) => [init?.method, new URL(String(u), "http://x").pathname, init?.body ?? null]);
    expect(writes).toEqual([
      ["POST", "/api/admin/members/2/mute", JSON.stringify({ hours: 48 })],
      ["DELETE", "/api/admin/members/2/mute", null],
    ]);
  });
});

const reportFixture = (patch: Record<string, unknown> = {}) => ({
  id: 5,
  kind: "comment",
  target_id: 30,
  created_at: NOW,
  count: 2,
  reasons: [
    { reason: "harassment", details: "called me names", created_at: NOW },
    { reason: "spam", details: null, created_at: NOW },
  ],
  content: {
    text: "rude words",
    image_url: null,
    author_id: 3,
    author_name: "Vega",
    created_at: NOW,
    post_id: 10,
    post_excerpt: "Buy cheap stars",
  },
  ...patch,
});
const auditFixture = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  created_at: NOW,
  actor_id: 1,
  actor_name: "Ada",
  actor_email: "admin@example.com",
  action: "member.mute",
  target_type: "member",
  target_id: "2",
  before: { muted_until: null },
  after: { muted_until: "2026-12-01T00:00:00.000Z", hours: 24 },
  ...patch,
});

function adminApi(handler: (url: string, method: string, init?: RequestInit) => Route | undefined) {
  return stubAdminFetch((url, init) => {
    const method = init?.method ?? "GET";
    const custom = handler(url, method, init);
    if (custom) return custom;
    if (method === "GET" && url === "/api/admin/members")
      return {
        status: 200,
        body: [
          memberRow({ id: 1, name: "Ada", email: "admin@example.com", role: "admin" }),
          memberRow({ id: 7, name: "Orion", email: "orion@example.com", role: "admin" }),
          memberRow(),
        ],
      };
    if (method === "GET" && url === "/api/admin/payments") return { status: 200, body: [] };
    if (method === "GET" && url === "/api/payments/mode")
      return { status: 200, body: { configured: true, missing: [] } };
    if (method === "GET" && url.startsWith("/api/admin/audit?")) return { status: 200, body: [] };
    return undefined;
  });
}

describe("admin Moderation tab", () => {
  it("lists open reports with the content in context, the count and the reasons, and hides one", async () => {
    let open = [
      reportFixture(),
      reportFixture({
        id: 6,
        kind: "message",
        target_id: 40,
        count: 1,
        reasons: [{ reason: "spam", details: null, created_at: NOW }],
        content: {
          text: "join my pyramid",
          image_url: null,
          author_id: 2,
          author_name: "Sol",
          created_at: NOW,
          channel_id: 1,
          channel_name: "General",
        },
      }),
    ];
    const fetchMock = adminApi((url, method) => {
      if (method === "GET" && url === "/api/admin/reports") return { status: 200, body: open };
      if (method === "POST" && url === "/api/admin/reports/6/resolve") {
        open = open.filter((r) => r.id !== 6);
        return { status: 200, body: { success: true, status: "hidden" } };
      }
      return undefined;
    });
    renderApp("/admin", asAdmin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: TEXT.moderating.tab }, { timeout: 10_000 }));
    // The tab loads its code when opened.
    const items = await screen.findAllByTestId("report-item");
    expect(items).toHaveLength(2);
    const comment = items[0];
    expect(within(comment).getByText(TEXT.moderatingParts.reportCount(2))).toBeTruthy();
    expect(within(comment).getByText(TEXT.moderatingParts.onPost("Buy cheap stars"))).toBeTruthy();
    expect(within(comment).getByText("rude words")).toBeTruthy();
    expect(within(comment).getByText(/called me names/)).toBeTruthy();
    expect(
      within(comment)
        .getAllByRole("listitem")
        .map((li) => li.querySelector("strong")?.textContent),
    ).toEqual(["Harassment", "Spam"]);
    const message = items[1];
    expect(within(message).getByText(TEXT.moderatingParts.inChannel("General"))).toBeTruthy();

    await user.click(
      within(message).getByRole("button", { name: TEXT.moderatingParts.hideLabel("Chat message", "Sol") }),
    );
    expect(await screen.findByText(TEXT.moderatingParts.hiddenToast)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("report-item")).toHaveLength(1));
    const resolves = fetchMock.mock.calls
      .filter(([u]) => String(u).includes("/resolve"))
      .map(([u, init]) => [new URL(String(u), "http://x").pathname, init?.body]);
    expect(resolves).toEqual([["/api/admin/reports/6/resolve", JSON.stringify({ action: "hide" })]]);
  });

  it(`shows the server's error when a report was resolved meanwhile, and its own error with a retry when the queue \
fails`, async () => {
    let fail = true;
    adminApi((url, method) => {
      if (method === "GET" && url === "/api/admin/reports")
        return fail
          ? { status: 500, body: { error: "Internal server error" } }
          : { status: 200, body: [reportFixture()] };
      if (method === "POST" && url === "/api/admin/reports/5/resolve")
        return { status: 409, body: { error: "This report was already resolved", code: "report_already_resolved" } };
      return undefined;
    });
    renderApp("/admin", asAdmin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: TEXT.moderating.tab }, { timeout: 10_000 }));
    // The rest of the dashboard still works; only the queue shows its error.
    const panel = screen.getByRole("tabpanel");
    expect((await within(panel).findByRole("alert")).textContent).toContain(TEXT.moderatingParts.queueFailed);
    fail = false;
    await user.click(within(panel).getByRole("button", { name: TEXT.common.tryAgain }));
    const item = await screen.findByTestId("report-item");
    await user.click(within(item).getByRole("button", { name: TEXT.moderatingParts.dismissLabel("Comment", "Vega") }));
    expect(await screen.findByText("This report was already resolved")).toBeTruthy();
  });
});

describe("admin Audit tab", () => {
  it("shows entries newest first, filters by action and admin, pages, and exports the filtered CSV", async () => {
    const firstPage = Array.from({ length: MODERATION.auditPageDefault }, (_, i) => auditFixture(200 - i));
    const fetchMock = adminApi((url, method) => {
      if (method === "GET" && url === "/api/admin/reports") return { status: 200, body: [] };
      if (method === "GET" && url === `/api/admin/audit?limit=${MODERATION.auditPageDefault}`)
        return { status: 200, body: firstPage };
      if (method === "GET" && url === `/api/admin/audit?before=151&limit=${MODERATION.auditPageDefault}`)
        return {
          status: 200,
          body: [
            auditFixture(150, {
              action: "notice.delete",
              target_type: "notice",
              target_id: "9",
              before: { title: "Old" },
              after: null,
              actor_name: null,
              actor_email: null,
              actor_id: 99,
            }),
          ],
        };
      if (
        method === "GET" &&
        url === `/api/admin/audit?action=report.hide&actor=7&limit=${MODERATION.auditPageDefault}`
      )
        return {
          status: 200,
          body: [
            auditFixture(120, {
              action: "report.hide",
              actor_id: 7,
              actor_name: "Orion",
              target_type: "report",
              target_id: "5",
              before: { status: "open" },
              after: { status: "hidden", reason: "spam" },
            }),
          ],
        };
      return undefined;
    });
    renderApp("/admin", asAdmin());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: TEXT.admin.tabs.audit }, { timeout: 10_000 }));
    const rows = await screen.findAllByTestId("audit-row");
    expect(rows).toHaveLength(MODERATION.auditPageDefault);
    expect(within(rows[0]).getByText("Ada")).toBeTruthy();
    expect(within(rows[0]).getByText(TEXT.audit.actionLabels["member.mute"])).toBeTruthy();
    expect(within(rows[0]).getByText("member #2")).toBeTruthy();
    expect(
      within(rows[0]).getByText("muted_until: null → muted_until: 2026-12-01T00:00:00.000Z, hours: 24"),
    ).toBeTruthy();

    await user.click(screen.getByRole("button", { name: TEXT.common.loadMore }));
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(MODERATION.auditPageDefault + 1));
    const last = screen.getAllByTestId("audit-row").at(-1)!;
    expect(within(last).getByText(TEXT.audit.formerActor(99))).toBeTruthy();
    expect(screen.queryByRole("button", { name: TEXT.common.loadMore })).toBeNull();

    await user.selectOptions(screen.getByLabelText(TEXT.audit.actionFilter), "report.hide");
    await user.selectOptions(screen.getByLabelText(TEXT.audit.actorFilter), "7");
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(1));
    expect(within(screen.getByTestId("audit-row")).getByText("Orion")).toBeTruthy();
    // Only admins are offered as actors.
    expect(
      within(screen.getByLabelText(TEXT.audit.actorFilter))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([TEXT.audit.all, "Ada", "Orion"]);
    const csv = screen.getByRole("link", { name: TEXT.audit.exportCsv });
    expect(csv.getAttribute("href")).toBe("/api/admin/audit?action=report.hide&actor=7&format=csv");
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("action=report.hide&limit"))).toBe(true);
  });
});

describe("data rights in the settings", () => {
  const profileApi = (onDelete: (body: unknown) => Route) =>
    stubFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (method === "DELETE" && url === "/api/profile") return onDelete(JSON.parse(String(init!.body)));
      if (url === "/api/profile")
        return { status: 200, body: { user: userFixture(), profile: { goals: "[]", interests: "[]", socials: "{}" } } };
      // The profile's automatic-renewal card reads the membership status.
      if (url === "/api/membership/status") return { status: 200, body: membershipStatus() };
      return profileReadsAnswer(url) ?? { status: 200, body: [] };
    });

  it(`links the JSON export, and deletes the account only after the member types their email, then shows the \
signed-out landing`, async () => {
    const deletes: unknown[] = [];
    profileApi((body) => {
      deletes.push(body);
      return { status: 200, body: { success: true } };
    });
    const { router } = renderApp("/app/settings/data", asMember());
    const section = await screen.findByRole("region", { name: TEXT.settings.sections.data.name }, { timeout: 10_000 });
    const download = within(section).getByRole("link", { name: TEXT.dataRights.download });
    expect(download.getAttribute("href")).toBe("/api/profile/export");
    expect(download.hasAttribute("download")).toBe(true);

    const user = userEvent.setup();
    await user.click(within(section).getByRole("button", { name: TEXT.dataRights.deleteButton }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.dataRights.deleteTitle });
    // It says what goes, what stays without the name, and what the law keeps, before anything happens.
    for (const text of Object.values(TEXT.account.deletionSummary)) expect(within(dialog).getByText(text)).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: TEXT.dataRights.confirmButton }) as HTMLButtonElement;
    const field = within(dialog).getByLabelText(TEXT.dataRights.confirmLabel("luna@example.com"));
    await user.type(field, "someone@example.com");
    expect(confirm.disabled).toBe(true);
    await user.clear(field);
    await user.type(field, " Luna@Example.com ");
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(await screen.findByRole("button", { name: TEXT.landing.signIn })).toBeTruthy();
    expect(deletes).toEqual([{ confirm: "Luna@Example.com" }]);
  });

  it("keeps the dialog open with the server's reason when deletion is refused", async () => {
    profileApi(() => ({ status: 409, body: { error: TEXT.account.lastAdmin, code: "last_admin" } }));
    const { router } = renderApp("/app/settings/data", asMember());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: TEXT.dataRights.deleteButton }, { timeout: 10_000 }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.dataRights.deleteTitle });
    await user.type(
      within(dialog).getByLabelText(TEXT.dataRights.confirmLabel("luna@example.com")),
      "luna@example.com",
    );
    await user.click(within(dialog).getByRole("button", { name: TEXT.dataRights.confirmButton }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(TEXT.account.lastAdmin);
    expect(router.state.location.pathname).toBe("/app/settings/data");
  });
});

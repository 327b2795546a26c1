// Moderation in the client (issue 20): reporting, removed content, the muted state, the admin's
// Moderation and Audit tabs, and the member's data rights on the profile.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TEXT } from "../../client/text";
import { renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

vi.setConfig({ testTimeout: 20_000 });

const NOW = new Date().toISOString();
const postFixture = (patch: Record<string, unknown> = {}) => ({
  id: 10, content: "Buy cheap stars", created_at: NOW, author_id: 2, author_name: "Sol", author_avatar: null, author_role: "member",
  likes_count: 0, comments_count: 1, is_liked: false, hidden: false, hidden_reason: null, ...patch,
});
const commentFixture = (patch: Record<string, unknown> = {}) => ({
  id: 30, post_id: 10, content: "rude words", created_at: NOW, author_id: 3, author_name: "Vega", author_avatar: null, author_role: "member", hidden: false, hidden_reason: null, ...patch,
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
  fetchMock.mock.calls.filter(([u, init]) => String(u).endsWith("/api/reports") && init?.method === "POST").map(([, init]) => JSON.parse(String(init!.body)));

async function openPostReport(name = "Sol") {
  const user = userEvent.setup();
  const card = await screen.findByRole("article", { name }, { timeout: 10_000 });
  await user.click(within(card).getByRole("button", { name: TEXT.moderation.postOptions }));
  await user.click(within(card).getByRole("menuitem", { name: TEXT.moderation.reportPost }));
  return { user, dialog: await screen.findByRole("dialog", { name: TEXT.moderation.reportTitle.post }) };
}

describe("reporting", () => {
  it("reports someone else's post with a reason and details, and thanks the member", async () => {
    const fetchMock = lounge([postFixture()], (url, method) => (method === "POST" && url === "/api/reports" ? { status: 201, body: { success: true } } : undefined));
    renderApp("/app/lounge", asMember());
    const { user, dialog } = await openPostReport();
    const send = within(dialog).getByRole("button", { name: TEXT.moderation.sendReport }) as HTMLButtonElement;
    // A reason is required; the three come from REPORT_REASONS.
    expect(send.disabled).toBe(true);
    expect(within(dialog).getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["spam", "harassment", "other"]);
    await user.click(within(dialog).getByRole("radio", { name: TEXT.moderation.reasonOptions.spam }));
    await user.type(within(dialog).getByLabelText(TEXT.moderation.detailsLabel), "  selling things  ");
    await user.click(send);
    expect(await screen.findByText(TEXT.moderation.reportSent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(reportCalls(fetchMock)).toEqual([{ kind: "post", id: 10, reason: "spam", details: "selling things" }]);
  });

  it("closes with 'already reported' when the server answers that code, and keeps other errors in the dialog", async () => {
    let answer: Route = { status: 409, body: { error: "You have already reported this", code: "already_reported" } };
    lounge([postFixture()], (url, method) => (method === "POST" && url === "/api/reports" ? answer : undefined));
    renderApp("/app/lounge", asMember());
    let { user, dialog } = await openPostReport();
    await user.click(within(dialog).getByRole("radio", { name: TEXT.moderation.reasonOptions.other }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.moderation.sendReport }));
    expect(await screen.findByText(TEXT.moderation.alreadyReported)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    answer = { status: 409, body: { error: "This was already removed by a moderator", code: "already_removed" } };
    ({ user, dialog } = await openPostReport());
    await user.click(within(dialog).getByRole("radio", { name: TEXT.moderation.reasonOptions.harassment }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.moderation.sendReport }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This was already removed by a moderator");
    expect(screen.getByRole("dialog", { name: TEXT.moderation.reportTitle.post })).toBeTruthy();
  });

  it("offers no report on the member's own post, and a report on others' comments", async () => {
    const fetchMock = lounge([postFixture({ id: 11, author_id: 1, author_name: "Luna" })], (url, method) => {
      if (method === "GET" && url === "/api/posts/11/comments") return { status: 200, body: [commentFixture({ post_id: 11 }), commentFixture({ id: 31, author_id: 1, author_name: "Luna", content: "mine" })] };
      if (method === "POST" && url === "/api/reports") return { status: 201, body: { success: true } };
      return undefined;
    });
    renderApp("/app/lounge", asMember());
    const user = userEvent.setup();
    const card = await screen.findByRole("article", { name: "Luna" }, { timeout: 10_000 });
    await user.click(within(card).getByRole("button", { name: TEXT.moderation.postOptions }));
    expect(within(card).queryByRole("menuitem", { name: TEXT.moderation.reportPost })).toBeNull();
    expect(within(card).getByRole("menuitem", { name: TEXT.moderation.deletePost })).toBeTruthy();

    await user.click(within(card).getByRole("button", { name: /comment/ }));
    const comments = await screen.findByRole("dialog", { name: TEXT.lounge.commentsTitle });
    await within(comments).findByText("rude words");
    expect(within(comments).queryByRole("button", { name: TEXT.moderation.reportComment("Luna") })).toBeNull();
    await user.click(within(comments).getByRole("button", { name: TEXT.moderation.reportComment("Vega") }));
    const dialog = await screen.findByRole("dialog", { name: TEXT.moderation.reportTitle.comment });
    await user.click(within(dialog).getByRole("radio", { name: TEXT.moderation.reasonOptions.harassment }));
    await user.click(within(dialog).getByRole("button", { name: TEXT.moderation.sendReport }));
    expect(await screen.findByText(TEXT.moderation.reportSent)).toBeTruthy();
    expect(reportCalls(fetchMock)).toEqual([{ kind: "comment", id: 30, reason: "harassment", details: null }]);
  });
});

describe("removed content", () => {
  it("shows 'removed by a moderator' in place of hidden posts and comments, with the reason for their author only, and no actions", async () => {
    lounge(
      [
        postFixture({ id: 12, author_id: 1, author_name: "Luna", content: "Removed by a moderator", hidden: true, hidden_reason: "spam" }),
        postFixture({ id: 13, author_id: 2, author_name: "Sol", content: "Removed by a moderator", hidden: true, hidden_reason: null }),
        postFixture({ id: 14, author_id: 4, author_name: "Ada", content: "A calm evening" }),
      ],
      (url, method) =>
        method === "GET" && url === "/api/posts/14/comments"
          ? { status: 200, body: [commentFixture({ post_id: 14, hidden: true, content: "Removed by a moderator" }), commentFixture({ id: 31, post_id: 14, author_id: 1, author_name: "Luna", hidden: true, hidden_reason: "harassment", content: "Removed by a moderator" })] }
          : undefined,
    );
    renderApp("/app/lounge", asMember());
    const mine = await screen.findByRole("article", { name: "Luna" }, { timeout: 10_000 });
    expect(within(mine).getByTestId("removed-content").textContent).toBe(TEXT.moderation.removedReason(TEXT.moderation.reasonLabels.spam));
    expect(within(mine).queryByRole("button", { name: /like/i })).toBeNull();
    const theirs = screen.getByRole("article", { name: "Sol" });
    expect(within(theirs).getByTestId("removed-content").textContent).toBe(TEXT.moderation.removed);
    // Hidden content is not offered for reporting again.
    expect(within(theirs).queryByRole("button", { name: TEXT.moderation.postOptions })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(screen.getByRole("article", { name: "Ada" })).getByRole("button", { name: /comment/ }));
    const comments = await screen.findByRole("dialog", { name: TEXT.lounge.commentsTitle });
    await waitFor(() => expect(within(comments).getAllByTestId("removed-content")).toHaveLength(2));
    expect(within(comments).getAllByTestId("removed-content").map((p) => p.textContent)).toEqual([
      TEXT.moderation.removed,
      TEXT.moderation.removedReason(TEXT.moderation.reasonLabels.harassment),
    ]);
    expect(within(comments).queryByRole("button", { name: TEXT.moderation.reportComment("Vega") })).toBeNull();
  });
});

// Renders the app's real routes in a memory router with a session store over stubbed replies.
import { render } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { vi } from "vitest";
import { AppTree } from "../../client/app";
import { createRoutes } from "../../client/router";
import { createSessionStore, type SessionDeps } from "../../client/session/session-store";
import type { ChannelListItem } from "../../worker/shared/chat-wire";
import { DEFAULT_PREFERENCES } from "../../worker/shared/notify";

/** A fake answer of the API: like `Response.json()`, its `json()` is untyped (`any`), the body is the test's. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const reply = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  json: (): Promise<any> => Promise.resolve(body),
});

/** A channel as GET /api/groups lists it: public, made by member 1, nothing unread; `patch` changes it. */
export const channelFixture = (patch: Partial<ChannelListItem> = {}): ChannelListItem => ({
  id: 1,
  name: "General",
  description: null,
  is_private: false,
  created_by: 1,
  created_at: "2026-01-01T00:00:00.000Z",
  can_manage: false,
  is_direct: false,
  direct_with: null,
  unread_count: 0,
  ...patch,
});

/** GET /api/membership/status's automatic renewal when it is off (issue 34). */
export const AUTO_RENEW_OFF = { enabled: false, paused: false, card_type: null, card_number: null };

export const userFixture = (patch: Record<string, unknown> = {}) => ({
  id: 1,
  name: "Luna",
  email: "luna@example.com",
  avatar_url: null,
  role: "member",
  bio: null,
  timezone: null,
  direct_messages: "everyone",
  created_at: "2026-01-01T00:00:00.000Z",
  ...patch,
});

export function sessionDeps(patch: Partial<SessionDeps> = {}): SessionDeps {
  return {
    getMe: vi.fn(async () => reply(401, { error: "Authentication required" })),
    getRedirectUrl: vi.fn(async () => reply(200, { redirectUrl: "/auth/dev?state=s" })),
    postSession: vi.fn(async () => reply(200, {})),
    logout: vi.fn(async () => reply(200, { success: true })),
    navigate: vi.fn(),
    log: vi.fn(),
    ...patch,
  };
}

/** Stubs window.fetch for the calls made outside the session store (membership, screens). */
/**
 * The profile's notification settings card's two reads (issue 33), answered as a new member's: fakes
 * of the profile screen answer these first (null for every other path).
 */
/**
 * The profile's own reads besides the profile itself (notification settings, devices, the membership
 * status its automatic-renewal card shows, the members blocked), answered as a member with defaults
 * would get them; null for any other address.
 */
export const profileReadsAnswer = (url: string) =>
  url === "/api/notifications/preferences"
    ? { status: 200, body: { preferences: DEFAULT_PREFERENCES, digest: "off" } }
    : url === "/api/push/subscriptions"
      ? { status: 200, body: { devices: [] } }
      : url === "/api/membership/status"
        ? { status: 200, body: { status: "none", next_payment_due: null, auto_renew: AUTO_RENEW_OFF } }
        : url === "/api/blocks"
          ? { status: 200, body: { blocks: [] } }
          : null;

export function stubFetch(handler: (url: string, init?: RequestInit) => { status: number; body: unknown } | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url;
    const answer = handler(new URL(url, "http://localhost").pathname + new URL(url, "http://localhost").search, init);
    if (!answer) throw new TypeError("network error");
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function renderApp(path: string, deps: SessionDeps) {
  const store = createSessionStore(deps);
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [path] });
  const view = render(<AppTree session={store} router={router} />);
  return { ...view, router, store };
}

/** A character drawn as a font glyph where an icon belongs: arrows, geometric shapes, symbols, dingbats, emoji. */
export const ICON_GLYPH = /[\u2190-\u21FF\u25A0-\u27BF\u2B00-\u2BFF]|\p{Extended_Pictographic}/u;

export const STATS_FIXTURE = { total_members: 4, active_members: 2, total_revenue_clp: 30000, admins: 1 };

/** stubFetch for the admin dashboard: answers GET /api/admin/stats (with `stats`), the rest by `handler`. */
export const stubAdminFetch = (handler: Parameters<typeof stubFetch>[0], stats: unknown = STATS_FIXTURE) =>
  stubFetch((url, init) => (url === "/api/admin/stats" ? { status: 200, body: stats } : handler(url, init)));

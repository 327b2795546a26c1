// Renders the app's real routes in a memory router with a session store over stubbed replies.

import { render } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { vi } from "vitest";
import type { Answer, api } from "../../client/api";
import { AppTree } from "../../client/app";
import { createRoutes } from "../../client/router";
import { createSessionStore, type SessionDeps, type SessionUserView } from "../../client/session/session-store";
import type { MemberPayment } from "../../client/settings/membership/receipt";
import type { ChannelListItem } from "../../worker/shared/chat-wire";
import type { EventDto } from "../../worker/shared/events";
import { DEFAULT_PREFERENCES } from "../../worker/shared/notification-settings";
import { routerError } from "./reported-errors";

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

/** GET /api/membership/status's answer. */
export type MembershipStatusAnswer = Answer<typeof api.membership.status.$get>;

/** GET /api/membership/status's automatic renewal. */
export type AutoRenewAnswer = MembershipStatusAnswer["auto_renew"];

/** The automatic renewal when it is off. */
export const AUTO_RENEW_OFF: AutoRenewAnswer = {
  enabled: false,
  paused: false,
  resumes_at: null,
  card_type: null,
  card_number: null,
};

/** GET /api/membership/status for a member who never paid; `patch` changes it. */
export const membershipStatus = (patch: Partial<MembershipStatusAnswer> = {}) =>
  ({
    status: "none",
    next_payment_due: null,
    auto_renew: AUTO_RENEW_OFF,
    renews: null,
    ...patch,
  }) satisfies MembershipStatusAnswer;

/** The library's reads (its list and its tags summary) answered as an empty library's; null for any other address. */
export const emptyLibraryAnswer = (url: string) => {
  const { pathname } = new URL(url, "http://localhost");
  return pathname === "/api/resources/tags"
    ? { status: 200, body: { tags: [], total: 0 } satisfies Answer<typeof api.resources.tags.$get> }
    : pathname === "/api/resources"
      ? { status: 200, body: [] satisfies Answer<typeof api.resources.$get> }
      : null;
};

/** The lounge's reads (the notice board and the feed's first page) answered as an empty lounge's; null for any other address. */
export const emptyLoungeAnswer = (url: string) => {
  const { pathname } = new URL(url, "http://localhost");
  return pathname === "/api/cosmic-notices"
    ? { status: 200, body: [] satisfies Answer<(typeof api)["cosmic-notices"]["$get"]> }
    : pathname === "/api/posts"
      ? { status: 200, body: [] satisfies Answer<typeof api.posts.$get> }
      : null;
};

/** GET /api/users/me: member 1, Luna, with no profile details; `patch` changes it. */
export const userFixture = (patch: Partial<SessionUserView> = {}) =>
  ({
    id: 1,
    name: "Luna",
    email: "luna@example.com",
    avatar_url: null,
    role: "member",
    bio: null,
    timezone: null,
    language: null,
    muted_until: null,
    direct_messages: "everyone",
    created_at: "2026-01-01T00:00:00.000Z",
    ...patch,
  }) satisfies SessionUserView;

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

/**
 * The settings' reads (notification settings, devices with push, the membership status, the members blocked),
 * answered as a member with defaults would get them; null for any other address.
 */
export const profileReadsAnswer = (url: string) =>
  url === "/api/notifications/preferences"
    ? {
        status: 200,
        body: { preferences: DEFAULT_PREFERENCES, digest: "off" } satisfies Answer<
          typeof api.notifications.preferences.$get
        >,
      }
    : url === "/api/push/subscriptions"
      ? { status: 200, body: { devices: [] } satisfies Answer<typeof api.push.subscriptions.$get> }
      : url === "/api/membership/status"
        ? { status: 200, body: membershipStatus() }
        : url === "/api/blocks"
          ? { status: 200, body: { blocks: [] } satisfies Answer<typeof api.blocks.$get> }
          : null;

/** Stubs window.fetch for the calls made outside the session store (membership, screens). */
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
  router.subscribe((state) => {
    for (const error of Object.values(state.errors ?? {})) routerError(error);
  });
  const view = render(
    <AppTree session={store}>
      <RouterProvider router={router} />
    </AppTree>,
  );
  return { ...view, router, store };
}

/** A character drawn as a font glyph where an icon belongs: arrows, geometric shapes, symbols, dingbats, emoji. */
export const ICON_GLYPH = /[\u2190-\u21FF\u25A0-\u27BF\u2B00-\u2BFF]|\p{Extended_Pictographic}/u;

export const STATS_FIXTURE = {
  total_members: 4,
  active_members: 2,
  total_revenue_clp: 30000,
  admins: 1,
} satisfies Answer<typeof api.admin.stats.$get>;

/** stubFetch for the admin dashboard: answers GET /api/admin/stats (with `stats`), the rest by `handler`. */
export const stubAdminFetch = (handler: Parameters<typeof stubFetch>[0], stats: unknown = STATS_FIXTURE) =>
  stubFetch((url, init) => (url === "/api/admin/stats" ? { status: 200, body: stats } : handler(url, init)));

/** The plans /api/plans offers as the seed has them: monthly (the specification's) and yearly, with `patch` over one. */
export const monthlyPlan = (patch = {}) => ({
  id: "monthly",
  name: "Monthly",
  amount_clp: 15000,
  period_days: 30,
  trial_days: 0,
  active: true,
  saving_clp: null as number | null,
  ...patch,
});
export const yearlyPlan = (patch = {}) =>
  monthlyPlan({ id: "yearly", name: "Yearly", amount_clp: 150000, period_days: 365, saving_clp: 30000, ...patch });

/** A completed card payment as the member's payment list answers it (the receipt's facts), with `patch` over it. */
export const memberPayment = (patch: Partial<MemberPayment> = {}): MemberPayment => ({
  id: 31,
  created_at: "2026-03-04T15:00:00.000Z",
  amount_clp: 15000,
  plan_name: null,
  period_days: 30,
  status: "completed",
  card_last4: "6623",
  authorization_code: "1213",
  refund_type: null,
  refunded_amount_clp: null,
  refunded_at: null,
  is_test: false,
  ...patch,
});

/** An event as GET /api/events answers it (a Santiago evening in 2030), with `patch` over it. */
export const eventFixture = (patch: Partial<EventDto> = {}): EventDto => ({
  id: 5,
  title: "Full moon circle",
  description: "Bring a blanket",
  description_html: "<p>Bring a blanket</p>",
  // 20:00 in Santiago on a July evening (UTC-4).
  starts_at: "2030-07-07T00:00:00.000Z",
  ends_at: "2030-07-07T01:30:00.000Z",
  time_zone: "America/Santiago",
  start_local: "2030-07-06T20:00",
  end_local: "2030-07-06T21:30",
  repeat: null,
  repeat_until: null,
  occurrences: [{ starts_at: "2030-07-07T00:00:00.000Z", ends_at: "2030-07-07T01:30:00.000Z", cancelled: false }],
  location: "online",
  place: null,
  program_id: null,
  cover_url: null,
  meeting_url: null,
  has_meeting_url: true,
  capacity: null,
  paid_only: false,
  locked: false,
  cancelled: false,
  host: { id: 1, name: "Ada", avatar_url: null },
  going_count: 0,
  waitlist_count: 0,
  going: [],
  my_status: null,
  ...patch,
});

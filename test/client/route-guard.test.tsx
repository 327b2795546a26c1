import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TEXT } from "../../client/text";
import {
  emptyLibraryAnswer,
  emptyLoungeAnswer,
  membershipStatus,
  renderApp,
  reply,
  sessionDeps,
  stubFetch,
  userFixture,
} from "./render";

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

/** An empty lounge and library, where the guards let a member in. */
const emptyScreens = (url: string) => emptyLoungeAnswer(url) ?? emptyLibraryAnswer(url) ?? undefined;

describe("route guard", () => {
  it("shows a spinner while the session loads", async () => {
    stubFetch(emptyScreens);
    const me = deferred<ReturnType<typeof reply>>();
    const { router } = renderApp("/app/lounge", sessionDeps({ getMe: () => me.promise }));
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/app/lounge");
    me.resolve(reply(200, userFixture()));
    await waitFor(() => expect(screen.getByTestId("sidebar-name").textContent).toBe("Luna"));
  });

  it("sends a visitor without a session to /", async () => {
    const { router } = renderApp("/app/chat", sessionDeps());
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("sends a session whose user could not be loaded to /", async () => {
    const deps = sessionDeps({ getMe: vi.fn(async () => reply(500, { error: "Internal server error" })) });
    const { router } = renderApp("/app/profile", deps);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(deps.log).toHaveBeenCalledWith("Failed to fetch user: API responded with HTTP status 500");
  });

  it("sends members away from admin routes to /app/lounge", async () => {
    stubFetch(emptyScreens);
    const { router } = renderApp("/admin", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/lounge"));
  });

  it("lets admins into admin routes and shows the Admin item", async () => {
    const { router } = renderApp(
      "/admin",
      sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin" })) }),
    );
    await waitFor(() => expect(screen.getByRole("heading", { name: "Admin Dashboard" })).toBeTruthy());
    expect(router.state.location.pathname).toBe("/admin");
    expect(screen.getByRole("link", { name: /Admin/ })).toBeTruthy();
  });

  it("sends members without a paid membership to /pricing, as the server says", async () => {
    const fetchMock = stubFetch((url) =>
      url === "/api/membership/status" ? { status: 200, body: membershipStatus({ status: "expired" }) } : undefined,
    );
    const { router } = renderApp("/app/resources", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
    expect(fetchMock).toHaveBeenCalled();
  });

  it("sends members to /pricing when the membership check fails", async () => {
    stubFetch(() => undefined);
    const { router } = renderApp("/app/resources", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/pricing"));
  });

  it("lets paying members into paid routes", async () => {
    stubFetch((url) =>
      url === "/api/membership/status"
        ? { status: 200, body: membershipStatus({ status: "active", next_payment_due: "2027-01-01" }) }
        : emptyScreens(url),
    );
    const { router } = renderApp("/app/resources", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    // The library's heading renders only once the paid guard's loader let the route through.
    expect(await screen.findByRole("heading", { name: TEXT.library.heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/app/resources");
  });

  it("lets admins into paid routes without asking for a membership", async () => {
    const fetchMock = stubFetch(emptyScreens);
    const { router } = renderApp(
      "/app/resources",
      sessionDeps({ getMe: async () => reply(200, userFixture({ role: "admin" })) }),
    );
    expect(await screen.findByRole("heading", { name: TEXT.library.heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/app/resources");
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("/membership/status"))).toBe(false);
  });

  it("redirects signed-in users from the landing page to /app/lounge", async () => {
    stubFetch(emptyScreens);
    const { router } = renderApp("/", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/lounge"));
  });
});

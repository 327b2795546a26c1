import { describe, expect, it, vi } from "vitest";
import { createSessionStore } from "../../client/session/session-store";
import { reply, sessionDeps, userFixture } from "./render";

describe("session store", () => {
  it("is pending until the first fetch settles and has no user before a success", async () => {
    const store = createSessionStore(sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    expect(store.getState()).toEqual({ user: null, pending: true, fetching: false });
    const request = store.fetchUser();
    expect(store.getState().fetching).toBe(true);
    await request;
    expect(store.getState()).toMatchObject({ pending: false, fetching: false, user: { name: "Luna" } });
  });

  it("merges concurrent user fetches into one request", async () => {
    const getMe = vi.fn(async () => reply(200, userFixture()));
    const store = createSessionStore(sessionDeps({ getMe }));
    const [a, b, c] = await Promise.all([store.fetchUser(), store.fetchUser(), store.fetchUser()]);
    expect(getMe).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    await store.fetchUser();
    expect(getMe).toHaveBeenCalledTimes(2);
  });

  it("ends pending with no user and logs the spec's text when the fetch fails", async () => {
    const deps = sessionDeps({ getMe: async () => reply(503, {}) });
    const store = createSessionStore(deps);
    await store.fetchUser();
    expect(store.getState()).toEqual({ user: null, pending: false, fetching: false });
    expect(deps.log).toHaveBeenCalledWith("Failed to fetch user: API responded with HTTP status 503");
  });

  it("merges concurrent code exchanges and fetches the user after a success", async () => {
    const deps = sessionDeps({ getMe: vi.fn(async () => reply(200, userFixture())) });
    const store = createSessionStore(deps);
    await Promise.all([
      store.exchangeCodeForSession("?code=abc&state=xyz"),
      store.exchangeCodeForSession("?code=abc&state=xyz"),
    ]);
    expect(deps.postSession).toHaveBeenCalledTimes(1);
    expect(deps.postSession).toHaveBeenCalledWith({ code: "abc", state: "xyz" });
    expect(deps.getMe).toHaveBeenCalledTimes(1);
    expect(store.getState().user?.name).toBe("Luna");
  });

  it("refuses an address without a code with the spec's text", async () => {
    const deps = sessionDeps();
    const store = createSessionStore(deps);
    await expect(store.exchangeCodeForSession("?state=x")).rejects.toThrow(
      "Cannot exchange code for session token: no code provided in the URL search params",
    );
    expect(deps.postSession).not.toHaveBeenCalled();
  });

  it("raises the exchange failure text with the status", async () => {
    const store = createSessionStore(sessionDeps({ postSession: async () => reply(400, { error: "state" }) }));
    await expect(store.exchangeCodeForSession("?code=a&state=b")).rejects.toThrow(
      "Failed to exchange code for session token: API responded with HTTP status 400",
    );
  });

  it("sends the browser to the redirect address, and logs a failure", async () => {
    const deps = sessionDeps();
    await createSessionStore(deps).redirectToLogin();
    expect(deps.navigate).toHaveBeenCalledWith("/auth/dev?state=s");

    const failing = sessionDeps({ getRedirectUrl: async () => reply(500, {}) });
    await createSessionStore(failing).redirectToLogin();
    expect(failing.navigate).not.toHaveBeenCalled();
    expect(failing.log).toHaveBeenCalledWith("Failed to get login redirect URL: API responded with HTTP status 500");
  });

  it("clears the user before the logout call, and logs a failed logout", async () => {
    let userAtCall: unknown = "unset";
    const deps = sessionDeps({
      getMe: async () => reply(200, userFixture()),
      logout: async () => {
        userAtCall = store.getState().user;
        throw new TypeError("offline");
      },
    });
    const store = createSessionStore(deps);
    await store.fetchUser();
    expect(store.getState().user).not.toBeNull();
    await store.logout();
    expect(userAtCall).toBeNull();
    expect(store.getState().user).toBeNull();
    expect(deps.log).toHaveBeenCalledWith("Failed to logout");
  });
});

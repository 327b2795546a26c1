// The landing page is plain DOM (no React): the first visit to `/` loads only it.
import { screen, waitFor, within } from "@testing-library/dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mountLanding } from "../../client/landing/landing";
import { createSessionStore } from "../../client/session/session-store";
import { reply, sessionDeps, userFixture } from "./render";

const deferred = <T,>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function mount(deps = sessionDeps()) {
  const store = createSessionStore(deps);
  const onSignedIn = vi.fn();
  const root = document.body.appendChild(document.createElement("div"));
  unmount = mountLanding(root, store, onSignedIn);
  return { store, onSignedIn, root };
}

describe("landing page", () => {
  it("shows Loading... on both buttons while the session is pending, then Enter the Lounge and Sign In", async () => {
    const me = deferred<ReturnType<typeof reply>>();
    const { store, onSignedIn } = mount(sessionDeps({ getMe: () => me.promise }));
    void store.fetchUser();
    const loading = screen.getAllByRole("button", { name: "Loading..." });
    expect(loading).toHaveLength(2);
    expect(loading.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    me.resolve(reply(401, {}));
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign In" })).toBeTruthy());
    expect((screen.getByRole("button", { name: "Enter the Lounge" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("A sanctuary for kindred souls");
    const features = screen.getByRole("region", { name: "What you will find" });
    expect(within(features).getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["Community", "Resource library", "VIP experience"]);
    expect(features.textContent).toContain("$15,000 CLP");
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("starts the sign-in from either button: the server's redirect URL", async () => {
    const deps = sessionDeps();
    const { store } = mount(deps);
    await store.fetchUser();
    screen.getByRole("button", { name: "Sign In" }).click();
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith("/auth/dev?state=s"));
    screen.getByRole("button", { name: "Enter the Lounge" }).click();
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledTimes(2));
  });

  it("hands a signed-in visitor on (to the lounge)", async () => {
    const { store, onSignedIn } = mount(sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await store.fetchUser();
    expect(onSignedIn).toHaveBeenCalled();
  });

  it("removes itself and stops listening when unmounted", async () => {
    const { store, root, onSignedIn } = mount(sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    unmount!();
    unmount = undefined;
    expect(root.childElementCount).toBe(0);
    await store.fetchUser();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});

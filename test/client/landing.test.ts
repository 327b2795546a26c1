// The landing page is plain DOM (no React): the first visit to `/` loads only it.
import { screen, waitFor, within } from "@testing-library/dom";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { getLanguage, setLanguage } from "../../client/i18n/language";
import { mountLanding } from "../../client/landing/landing";
import { indexInlineScript, landingTemplates } from "../../client/landing/prerender";
import { createSessionStore } from "../../client/session/session-store";
import { ICON_GLYPH, reply, sessionDeps, userFixture } from "./render";

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

let unmount: (() => void) | undefined;
afterEach(async () => {
  unmount?.();
  unmount = undefined;
  document.body.replaceChildren();
  localStorage.clear();
  window.history.replaceState(null, "", "/");
  await setLanguage("en");
});

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
    expect(
      within(features)
        .getAllByRole("heading", { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(["Community", "Resource library", "VIP experience"]);
    expect(features.textContent).toContain("$15,000 CLP");
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it("draws its marks as SVG in every language's markup, with no glyph in its text", () => {
    document.body.innerHTML = landingTemplates();
    const templates = document.querySelectorAll("template");
    expect(templates).toHaveLength(2);
    for (const template of templates) {
      const page = template.content;
      // The eyebrow's star and one mark per feature card.
      expect(page.querySelectorAll(".eyebrow svg, .feature-icon svg")).toHaveLength(4);
      expect(page.textContent).not.toMatch(ICON_GLYPH);
    }
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

describe("the landing page in index.html (the build's prerender)", () => {
  /** index.html as the build writes it: the placeholder #root, a template per language, the inline script. */
  function loadIndexHtml() {
    document.body.innerHTML = `<div id="root"><div class="page-center"><p class="brand">Cosmic Lounge</p></div></div>\
${landingTemplates()}`;
    new Function(indexInlineScript())();
    return document.getElementById("root")!;
  }

  it("paints the visitor's language before any script of the app runs, and the page adopts it", async () => {
    localStorage.setItem("cosmic-lounge.language", "es");
    const root = loadIndexHtml();
    const painted = root.querySelector("main[data-landing]");
    expect(painted?.getAttribute("data-landing")).toBe("es");
    expect(document.documentElement.lang).toBe("es");
    expect(within(root).getByRole("heading", { level: 1 }).textContent).toBe("Un santuario para almas afines");
    expect(
      within(root)
        .getAllByRole("button", { name: "Cargando..." })
        .every((b) => (b as HTMLButtonElement).disabled),
    ).toBe(true);

    // The entry starts in the same language (the same rule) and adopts the painted page: no repaint.
    await setLanguage("es");
    const deps = sessionDeps();
    const store = createSessionStore(deps);
    unmount = mountLanding(root, store, vi.fn());
    expect(root.querySelector("main[data-landing]")).toBe(painted);
    await store.fetchUser();
    within(root).getByRole("button", { name: "Iniciar sesión" }).click();
    await waitFor(() => expect(deps.navigate).toHaveBeenCalledWith("/auth/dev?state=s"));
  });

  it("starts the app shell's download on an app path, and only there", () => {
    const shell = ["assets/app-abc.js", "assets/app-def.css"];
    const preloads = () =>
      [...document.head.querySelectorAll("link")].map(
        (link) => `${link.rel}${link.as ? `:${link.as}` : ""} ${link.getAttribute("href")}`,
      );
    onTestFinished(() => {
      for (const link of document.head.querySelectorAll("link")) link.remove();
      window.history.replaceState(null, "", "/");
    });
    document.body.innerHTML = `<div id="root"><p class="brand">Cosmic Lounge</p></div>${landingTemplates()}`;
    new Function(indexInlineScript(shell))();
    expect(preloads()).toEqual([]);
    window.history.replaceState(null, "", "/app/lounge");
    const placeholder = document.getElementById("root")?.innerHTML;
    new Function(indexInlineScript(shell))();
    expect(preloads()).toEqual(["modulepreload /assets/app-abc.js", "preload:style /assets/app-def.css"]);
    // The landing page is not painted there.
    expect(document.getElementById("root")?.innerHTML).toBe(placeholder);
  });

  it("follows the browser's languages when nothing was chosen on this device", () => {
    const languages = vi.spyOn(navigator, "languages", "get").mockReturnValue(["es-CL", "en"]);
    try {
      expect(loadIndexHtml().querySelector("main")?.getAttribute("data-landing")).toBe("es");
      languages.mockReturnValue(["fr-FR", "de"]);
      expect(loadIndexHtml().querySelector("main")?.getAttribute("data-landing")).toBe("en");
    } finally {
      languages.mockRestore();
    }
  });

  it("leaves every other path to the app (the placeholder stays)", () => {
    window.history.replaceState(null, "", "/app/lounge");
    const root = loadIndexHtml();
    expect(root.querySelector("main")).toBeNull();
    expect(root.textContent).toBe("Cosmic Lounge");
  });

  it("is painted again when the page is not in the active language", async () => {
    const root = loadIndexHtml();
    expect(root.querySelector("main")?.getAttribute("data-landing")).toBe("en");
    await setLanguage("es");
    unmount = mountLanding(root, createSessionStore(sessionDeps()), vi.fn());
    expect(getLanguage()).toBe("es");
    expect(root.querySelector("main")?.getAttribute("data-landing")).toBe("es");
    expect(root.querySelectorAll("main")).toHaveLength(1);
  });
});

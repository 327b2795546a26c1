import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ApiRequestError, errorText } from "../../client/api";
import { formatClp, formatDate, relativeTime } from "../../client/components/format";
import type { Language } from "../../client/i18n/catalog";
import { es, resources as esResources } from "../../client/i18n/es";
import {
  followSavedLanguage,
  getLanguage,
  initialLanguage,
  setLanguage,
  subscribeLanguage,
  wordLoaders,
} from "../../client/i18n/language";
import { pickLanguage } from "../../client/i18n/pick-language";
import { createSessionStore } from "../../client/session/session-store";
import { ENGLISH, TEXT } from "../../client/text";
import { LANGUAGES } from "../../worker/shared/rules";
import { API_ERRORS } from "../../worker/shared/texts";
import { renderApp, reply, sessionDeps, stubFetch, userFixture } from "./render";

afterEach(async () => {
  localStorage.clear();
  await setLanguage("en");
});

/** Every path to a leaf of a catalogue, with the leaf's kind (functions with their arity). */
function leaves(value: unknown, path = ""): string[] {
  if (typeof value === "function") return [`${path} fn/${value.length}`];
  if (typeof value === "string") return [`${path} text`];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, child]) => leaves(child, `${path}.${key}`));
  return [`${path} ${typeof value}`];
}

describe("the catalogues", () => {
  it(`have the same keys, and the same kind of entry under each (the typecheck's rule, checked at run time \
too)`, async () => {
    // The shell's words and every screen's (client/i18n/language.ts WORDS), in each language.
    const whole = async (shell: object, language: Language) =>
      Object.assign(
        {},
        shell,
        ...(await Promise.all(Object.values(await wordLoaders(language)).map((load) => load()))).map((m) => m.words),
      );
    // Only a translation carries the API's error texts (English shows the server's): the next test.
    const { errors: _errors, ...spanish } = es;
    expect(leaves(await whole(spanish, "es")).sort()).toEqual(leaves(await whole(ENGLISH, "en")).sort());
  });

  it("Spanish has its own text for every API error code", () => {
    expect(Object.keys(es.errors).sort()).toEqual(Object.keys(API_ERRORS).sort());
    const untranslated = Object.entries(es.errors).filter(
      ([code, text]) => typeof text === "string" && text === API_ERRORS[code as keyof typeof API_ERRORS],
    );
    expect(untranslated).toEqual([]);
  });

  it("Spanish shows money as Chile writes it", () => {
    expect(esResources.lockedPrice).toBe("Acceso mensual: $15.000");
    expect(esResources.lockedButton).toBe("Obtén 30 días de acceso - $15.000");
  });
});

describe("choosing the language", () => {
  it("follows the first of the browser's languages the UI speaks: any es-* is Spanish", () => {
    expect(pickLanguage(null, ["es-CL", "en"], LANGUAGES)).toBe("es");
    expect(pickLanguage(null, ["es"], LANGUAGES)).toBe("es");
    expect(pickLanguage(null, ["fr-FR", "es-MX", "en"], LANGUAGES)).toBe("es");
    expect(pickLanguage(null, ["en-US", "es-CL"], LANGUAGES)).toBe("en");
    expect(pickLanguage(null, ["fr", "de"], LANGUAGES)).toBe("en");
    expect(pickLanguage(null, [], LANGUAGES)).toBe("en");
  });

  it("prefers the choice kept on this device, and ignores a value it does not know", () => {
    localStorage.setItem("cosmic-lounge.language", "es");
    expect(initialLanguage()).toBe("es");
    localStorage.setItem("cosmic-lounge.language", "klingon");
    expect(initialLanguage()).toBe(pickLanguage(null, navigator.languages, LANGUAGES));
  });

  it("swaps the live TEXT binding, sets <html lang> and tells the subscribers", async () => {
    const heard: string[] = [];
    const unsubscribe = subscribeLanguage(() => heard.push(getLanguage()));
    await setLanguage("es");
    expect(TEXT).toBe(es);
    expect(TEXT.landing.signIn).toBe("Iniciar sesión");
    expect(document.documentElement.lang).toBe("es");
    await setLanguage("en");
    expect(TEXT).toBe(ENGLISH);
    expect(document.documentElement.lang).toBe("en");
    unsubscribe();
    expect(heard).toEqual(["es", "en"]);
  });

  it("a signed-in member's saved language wins once the user arrives; none saved changes nothing", async () => {
    const withSpanish = createSessionStore(
      sessionDeps({ getMe: async () => reply(200, userFixture({ language: "es" })) }),
    );
    const stop = followSavedLanguage(withSpanish);
    await withSpanish.fetchUser();
    await waitFor(() => expect(getLanguage()).toBe("es"));
    expect(localStorage.getItem("cosmic-lounge.language")).toBe("es");
    stop();

    await setLanguage("en");
    const noChoice = createSessionStore(
      sessionDeps({ getMe: async () => reply(200, userFixture({ language: null })) }),
    );
    const stopToo = followSavedLanguage(noChoice);
    await noChoice.fetchUser();
    expect(getLanguage()).toBe("en");
    stopToo();
  });

  it("when switches overlap, the last one asked for wins", async () => {
    const toSpanish = setLanguage("es");
    const backToEnglish = setLanguage("en");
    await Promise.all([toSpanish, backToEnglish]);
    expect(getLanguage()).toBe("en");
    expect(TEXT).toBe(ENGLISH);
  });
});

describe("the document's title", () => {
  afterEach(() => setLanguage("en"));

  it("names the screen, then the app, in the member's language", async () => {
    renderApp("/nowhere", sessionDeps());
    await waitFor(() => expect(document.title).toBe("Page not found · Cosmic Lounge"));
    await act(() => setLanguage("es"));
    await waitFor(() => expect(document.title).toBe("Página no encontrada · Cosmic Lounge"));
    expect(document.head.querySelectorAll("title")).toHaveLength(1);
  });
});

describe("formats through Intl in the active language", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it("English: the spec's $15,000 CLP, Nov 22, 2026, Just now / 3h ago / 2d ago", () => {
    expect(formatClp(15000)).toBe("$15,000 CLP");
    expect(formatDate("2026-11-22T12:00:00Z")).toBe("Nov 22, 2026");
    expect(relativeTime("2026-11-22T11:30:00Z", now)).toBe("Just now");
    expect(relativeTime("2026-11-22T09:00:00Z", now)).toBe("3h ago");
    expect(relativeTime("2026-11-20T12:00:00Z", now)).toBe("2d ago");
  });
  it("Spanish (Chile): $15.000, 22 nov 2026, Recién / hace 3 h / hace 2 d", async () => {
    await setLanguage("es");
    expect(formatClp(15000)).toBe("$15.000");
    expect(formatClp(1234567)).toBe("$1.234.567");
    expect(formatDate("2026-11-22T12:00:00Z")).toBe("22 nov 2026");
    expect(relativeTime("2026-11-22T11:30:00Z", now)).toBe("Recién");
    expect(relativeTime("2026-11-22T09:00:00Z", now)).toBe("hace 3 h");
    expect(relativeTime("2026-11-20T12:00:00Z", now)).toBe("hace 2 d");
  });
});

describe("API errors by code", () => {
  const failure = (body: unknown) => new ApiRequestError(400, (body as { error?: string }).error, body);
  it("shows the server's English in English, the catalogue's text for the code in Spanish", async () => {
    const err = failure({ error: API_ERRORS.post_required, code: "post_required" });
    expect(errorText(err, "fallback")).toBe("Post content is required");
    await setLanguage("es");
    expect(errorText(err, "fallback")).toBe("La publicación no puede estar vacía");
  });
  it(`translates texts with arguments the body carries; keeps the server's English for the others and unknown \
codes`, async () => {
    await setLanguage("es");
    const limited = { error: "Too many requests. Please try again in 7 seconds.", code: "rate_limited" };
    expect(
      errorText(failure({ ...limited, details: { limit: 30, window_seconds: 60, retry_after_seconds: 7 } }), "x"),
    ).toBe("Demasiadas solicitudes. Inténtalo de nuevo en 7 segundos.");
    expect(errorText(failure(limited), "x")).toBe(limited.error);
    const aiLimited = {
      error: "Too many AI requests: ...",
      code: "ai_rate_limited",
      details: { limit: 20, window_seconds: 3600, retry_after_seconds: 61 },
    };
    expect(errorText(failure(aiLimited), "x")).toBe(
      "Demasiadas solicitudes de IA: el límite es 20 por hora. Inténtalo de nuevo en 2 minutos.",
    );
    expect(
      errorText(
        failure({ error: "OpenAI is busy or out of quota. Please try again later.", code: "ai_busy", model: "openai" }),
        "x",
      ),
    ).toBe("OpenAI is busy or out of quota. Please try again later.");
    expect(errorText(failure({ error: "Something new", code: "not_a_code" }), "x")).toBe("Something new");
    // A mute carries its end, so its text is translated with the date in Spanish.
    const muted = failure({
      error: "You are muted until Nov 22, 2026, 3:00 PM. ...",
      code: "account_muted",
      muted_until: "2026-11-22T15:00:00.000Z",
    });
    expect(errorText(muted, "x")).toMatch(/^Estás en silencio hasta el 22 nov 2026, .*Puedes leer, pero no publicar/);
    expect(errorText(new TypeError("network"), "No se pudo")).toBe("No se pudo");
  });
});

describe("the app in the active language", () => {
  it(`the landing page: a first paint in Spanish, and its switch repaints in English and keeps the \
choice`, async () => {
    await setLanguage("es");
    renderApp("/", sessionDeps());
    expect(await screen.findByRole("button", { name: "Iniciar sesión" })).toBeTruthy();
    expect(screen.getByText("Acceso premium ilimitado por $15.000 cada 30 días.")).toBeTruthy();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Idioma" }), "en");
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.getByText("Unlimited premium access for $15,000 CLP every 30 days.")).toBeTruthy();
    expect(localStorage.getItem("cosmic-lounge.language")).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it(`signed in: the sidebar switch re-renders the screen in the new language and saves the choice on the \
profile`, async () => {
    const saved: unknown[] = [];
    stubFetch((url, init) => {
      const method = init?.method ?? "GET";
      if (method === "PUT" && url === "/api/profile") {
        saved.push(JSON.parse(String(init?.body)));
        return { status: 200, body: {} };
      }
      if (url.startsWith("/api/posts?")) return { status: 200, body: [] };
      if (url === "/api/cosmic-notices") return { status: 200, body: [] };
      return undefined;
    });
    const { store } = renderApp("/app/lounge", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    const board = await screen.findByRole("region", { name: /Cosmic Notice Board/ }, { timeout: 5000 });
    expect(within(board).getByText(/No notices yet/)).toBeTruthy();

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "es");
    expect(await screen.findByRole("region", { name: /Tablón cósmico de avisos/ })).toBeTruthy();
    expect(screen.getByText(/Aún no hay avisos/)).toBeTruthy();
    expect(document.documentElement.lang).toBe("es");
    await waitFor(() => expect(saved).toEqual([{ language: "es" }]));
    expect(localStorage.getItem("cosmic-lounge.language")).toBe("es");
    expect(store.getState().user).not.toBeNull();
  });

  it("a failed save keeps the choice on this device and says so", async () => {
    stubFetch((url, init) => {
      if ((init?.method ?? "GET") === "PUT" && url === "/api/profile")
        return { status: 500, body: { error: "Internal server error", code: "internal" } };
      if (url.startsWith("/api/posts?")) return { status: 200, body: [] };
      if (url === "/api/cosmic-notices") return { status: 200, body: [] };
      return undefined;
    });
    renderApp("/app/lounge", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await screen.findByRole("region", { name: /Cosmic Notice Board/ }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "es");
    expect(await screen.findByRole("region", { name: /Tablón cósmico de avisos/ })).toBeTruthy();
    expect(await screen.findByText(es.language.saveFailed)).toBeTruthy();
    expect(localStorage.getItem("cosmic-lounge.language")).toBe("es");
  });

  it("re-renders on a switch made elsewhere (the saved language arriving)", async () => {
    stubFetch((url) =>
      url.startsWith("/api/posts?") || url === "/api/cosmic-notices" ? { status: 200, body: [] } : undefined,
    );
    renderApp("/app/lounge", sessionDeps({ getMe: async () => reply(200, userFixture()) }));
    await screen.findByRole("region", { name: /Cosmic Notice Board/ }, { timeout: 5000 });
    await act(() => setLanguage("es"));
    expect(await screen.findByRole("region", { name: /Tablón cósmico de avisos/ })).toBeTruthy();
  });
});

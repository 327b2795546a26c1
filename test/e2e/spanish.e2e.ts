// Both languages end to end: in Chromium with a Chilean Spanish locale, the landing page, lounge, chat,
// pricing and profile are in Spanish with `$15.000`; with an English locale, English; the language
// switch persists across a reload (on this device when signed out, on the profile when signed in).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect, it } from "vitest";
import { appReady, baseUrl, uniqueEmail, useBrowser, waitingForTheApp } from "./browser";

const browser = useBrowser();

const contextIn = async (b: Browser, locale: string) =>
  waitingForTheApp(await b.newContext({ baseURL: baseUrl(), locale, viewport: { width: 1280, height: 900 } }));
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const mainText = (page: Page) => page.locator("#main").innerText();

/** Signs in through the development provider from the landing page, whatever its language. */
async function signInFrom(page: Page, button: string, email: string, name: string) {
  await page.goto("/");
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/auth\/dev/);
  await page.locator("#dev-email").fill(email);
  await page.locator("#dev-name").fill(name);
  await page.locator("button[type=submit]").click();
  await page.waitForURL(/\/app\/lounge/);
  await appReady(page);
}

async function withContext(locale: string, run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await contextIn(browser, locale);
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

it("es-CL: landing, lounge, chat, pricing and profile in Spanish, money as $15.000, <html lang=es>", async () => {
  await withContext("es-CL", async (page) => {
    await page.goto("/");
    await page.getByRole("heading", { name: "Un santuario para almas afines" }).waitFor();
    expect(await htmlLang(page)).toBe("es");
    await page.getByRole("button", { name: "Iniciar sesión" }).waitFor(); // "Cargando..." while the session is pending
    expect(await page.getByText("Acceso premium ilimitado por $15.000 cada 30 días.").isVisible()).toBe(true);
    expect(await page.getByText("Sign In", { exact: true }).count()).toBe(0);

    await signInFrom(page, "Iniciar sesión", uniqueEmail("estrella"), "Estrella");
    await page.getByRole("region", { name: /Tablón cósmico de avisos/ }).waitFor();
    expect(await htmlLang(page)).toBe("es");
    expect(await page.getByRole("combobox", { name: "Idioma" }).inputValue()).toBe("es");
    expect(await page.getByRole("link", { name: "Recursos" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Cerrar sesión" }).isVisible()).toBe(true);
    const lounge = await mainText(page);
    expect(lounge).toContain("Te damos la bienvenida a Cosmic Lounge");
    expect(lounge).not.toContain("Cosmic Notice Board");

    await page.goto("/app/chat");
    await page.locator("#chat-channels-title").waitFor();
    expect(await htmlLang(page)).toBe("es");
    expect(await page.locator("#chat-channels-title").innerText()).toBe("Canales");
    // Other suites may already have made channels in this server's state: the pane shows either the
    // empty screen or a channel, both in Spanish.
    expect(await page.getByRole("button", { name: "+ Nuevo" }).isVisible()).toBe(true);
    // The composer loads when first needed: wait for it (or the empty screen) rather than read the pane at once.
    await page
      .locator("#main")
      .getByText(/^(Crea un canal para empezar a conversar\.|Enviar)$/)
      .first()
      .waitFor();

    await page.goto("/pricing");
    await page.getByRole("heading", { name: "Desbloquea los recursos premium" }).waitFor();
    // The monthly and the yearly plan, side by side.
    expect(await page.locator(".pricing-amount").allInnerTexts()).toEqual(["$15.000", "$150.000"]);
    expect(await page.locator("body").innerText()).not.toContain("15,000");

    await page.goto("/app/profile");
    await page.locator("#main h1").first().waitFor();
    const profile = await mainText(page);
    expect(profile).toContain("Sin definir");
    const today = new Intl.DateTimeFormat("es-CL", { day: "numeric", month: "short", year: "numeric" }).format(
      new Date(),
    );
    expect(profile).toContain(today);
  });
});

it("en-US: the same screens in English, money as the spec's $15,000 CLP, <html lang=en>", async () => {
  await withContext("en-US", async (page) => {
    await page.goto("/");
    await page.getByRole("heading", { name: "A sanctuary for kindred souls" }).waitFor();
    expect(await htmlLang(page)).toBe("en");
    expect(await page.getByText("Unlimited premium access for $15,000 CLP every 30 days.").isVisible()).toBe(true);

    await signInFrom(page, "Sign In", uniqueEmail("stella"), "Stella");
    await page.getByRole("region", { name: /Cosmic Notice Board/ }).waitFor();
    expect(await htmlLang(page)).toBe("en");
    expect(await mainText(page)).toContain("Welcome to the Cosmic Lounge");

    await page.goto("/pricing");
    await page.getByRole("heading", { name: "Unlock Premium Resources" }).waitFor();
    expect(await page.locator(".pricing-amount").allInnerTexts()).toEqual(["$15,000 CLP", "$150,000 CLP"]);

    await page.goto("/app/profile");
    await page.locator("#main h1").first().waitFor();
    expect(await mainText(page)).toContain("Not set");
  });
});

it("the switch persists across a reload: on this device when signed out, on the profile when signed in", async () => {
  const email = uniqueEmail("luna");
  await withContext("en-US", async (page) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    await page.getByRole("heading", { name: "Un santuario para almas afines" }).waitFor();
    expect(await htmlLang(page)).toBe("es");
    await page.reload();
    await page.getByRole("heading", { name: "Un santuario para almas afines" }).waitFor();
    expect(await htmlLang(page)).toBe("es");

    // Signed in, the sidebar's switch saves the choice on the profile.
    await signInFrom(page, "Iniciar sesión", email, "Luna");
    await page.getByRole("region", { name: /Tablón cósmico de avisos/ }).waitFor();
    await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await page.getByRole("region", { name: /Cosmic Notice Board/ }).waitFor();
    expect(await htmlLang(page)).toBe("en");
    await page.reload();
    await page.getByRole("region", { name: /Cosmic Notice Board/ }).waitFor();
    await page.getByRole("combobox", { name: "Language" }).selectOption("es");
    await page.getByRole("region", { name: /Tablón cósmico de avisos/ }).waitFor();
    const savedLanguage = () =>
      page.evaluate(async () => {
        const me: { language?: string | null } = await (await fetch("/api/users/me")).json();
        return me.language;
      });
    await expect.poll(savedLanguage).toBe("es");
  });

  // Another device with an English browser: the member's saved Spanish wins once signed in.
  await withContext("en-US", async (page) => {
    await signInFrom(page, "Sign In", email, "Luna");
    await page.getByRole("region", { name: /Tablón cósmico de avisos/ }).waitFor();
    expect(await htmlLang(page)).toBe("es");
    await page.reload();
    await page.getByRole("region", { name: /Tablón cósmico de avisos/ }).waitFor();
  });
});

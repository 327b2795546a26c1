// Native dialogs (docs/client.md#dialogs): the comments dialog keeps focus after a comment is posted,
// Tab stays inside, Escape closes it and focus returns to the button that opened it.
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { newContext, signIn, uniqueEmail, useBrowser } from "./browser";

const browser = useBrowser();

/** Where focus is: inside the open dialog, on the body, or elsewhere on the page. */
const focusPlace = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return "body";
    return active.closest("dialog[open]") ? "dialog" : "page";
  });

it(`keeps focus in the comments dialog after a comment, traps Tab, closes on Escape and returns focus to the \
opener`, async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await signIn(page, uniqueEmail("dialogs"), "Dara Dialogs");

    const text = `Dialog light ${Date.now().toString(36)}`;
    await page.getByRole("button", { name: "Share with the community" }).click();
    const composer = page.getByRole("dialog", { name: "Share with the community" });
    await composer.getByLabel("What's on your mind?").fill(text);
    await composer.getByRole("button", { name: "Post" }).click();
    await composer.waitFor({ state: "detached" });
    const post = page.locator("article", { hasText: text });

    // Open the comments with the keyboard, marking the opener to find it again later.
    const opener = post.getByRole("button", { name: "0 comments" });
    await opener.evaluate((el) => el.setAttribute("data-opener", ""));
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Comments" });
    await dialog.waitFor();

    // A native modal dialog: in the top layer, and its backdrop covers the page (which is inert).
    expect(await dialog.evaluate((el) => el.tagName === "DIALOG" && el.matches(":modal"))).toBe(true);
    expect(await page.evaluate(() => document.elementFromPoint(2, 2)?.tagName)).toBe("DIALOG");

    // Post a comment with the keyboard: type, Tab to the Comment button, Enter.
    const field = dialog.getByLabel("Add a comment");
    await field.focus();
    await page.keyboard.type("Thank you for this");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Comment");
    await page.keyboard.press("Enter");
    await dialog.getByRole("listitem").filter({ hasText: "Thank you for this" }).waitFor();
    // The settled comment empties the form; focus goes back to the comment field, not the body.
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);

    // Tab and Shift+Tab cycle through the dialog's controls and never reach the page.
    const controls = await dialog.evaluate(
      (el) => el.querySelectorAll("button:not([disabled]), textarea, input, a[href]").length,
    );
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press("Tab");
      expect(await focusPlace(page)).toBe("dialog");
    }
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusPlace(page)).toBe("dialog");
    }

    // Escape closes it; focus is back on the opener, which now counts the comment.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // The dialog's unmount returns focus (its effect's cleanup), which may land just after the node leaves.
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute("data-opener"))).toBe(true);
    await post.getByRole("button", { name: "1 comment" }).waitFor();
  } finally {
    await context.close();
  }
});

it("a confirmation over a dialog closes alone on Escape, and the dialog under it keeps focus", async () => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await signIn(page, uniqueEmail("stack"), "Sol Stack");
    await page.goto("/app/chat");
    await page.getByRole("button", { name: "+ New" }).click();
    const create = page.getByRole("dialog", { name: "Create channel" });
    const name = `stack-${Date.now().toString(36)}`;
    await create.getByLabel("Channel name").fill(name);
    await create.getByRole("button", { name: "Create channel" }).click();
    await create.waitFor({ state: "detached" });

    await page.getByRole("button", { name: `Manage channel ${name}` }).click();
    const manage = page.getByRole("dialog", { name: `Manage #${name}` });
    await manage.getByRole("button", { name: "Delete channel" }).click();
    const confirm = page.getByRole("dialog", { name: "Please confirm" });
    await confirm.waitFor();
    // The destructive confirmation focuses Cancel.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");

    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });
    expect(await manage.isVisible()).toBe(true);
    await expect.poll(() => manage.evaluate((el) => el.contains(document.activeElement))).toBe(true);

    await page.keyboard.press("Escape");
    await manage.waitFor({ state: "detached" });
  } finally {
    await context.close();
  }
});

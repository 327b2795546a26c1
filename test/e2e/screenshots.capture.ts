// Captures every screen of docs/spec.md §2, for every kind of visitor, at 390 and 1440 px wide.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { contextFor, open, type Role, SCREENS } from "./screens";

const outDir = path.resolve(import.meta.dirname, "../../screenshots");
const browser = useBrowser();
beforeAll(() => {
  mkdirSync(outDir, { recursive: true });
});

for (const width of [390, 1440]) {
  for (const role of ["signed-out", "member", "paying-member", "admin"] as Role[]) {
    it(`captures the ${role} screens at ${width} px`, async () => {
      const { context, page } = await contextFor(browser, role, { width, height: width < 800 ? 844 : 900 });
      const screens = SCREENS.filter((s) => s.role === role);
      for (const screen of screens) {
        await open(page, screen);
        await page.screenshot({ path: path.join(outDir, `${width}-${role}-${screen.name}.png`), fullPage: true });
      }
      await context.close();
      expect(screens.length).toBeGreaterThan(0);
    });
  }
}

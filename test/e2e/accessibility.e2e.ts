// Every screen, as every kind of visitor: no serious or critical axe-core violations, and no
// horizontal scrolling at 360 px.
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe";
import { useBrowser } from "./browser";
import { contextFor, open, type Role, SCREENS } from "./screens";

const browser = useBrowser();

const roles: Role[] = ["signed-out", "member", "paying-member", "admin"];

for (const role of roles) {
  describe(`as ${role}`, () => {
    for (const width of [360, 1280]) {
      it(`every screen passes axe and fits ${width} px without horizontal scrolling`, async () => {
        const { context, page } = await contextFor(browser, role, { width, height: 800 });
        const problems: string[] = [];
        for (const screen of SCREENS.filter((s) => s.role === role)) {
          await open(page, screen);
          for (const v of await seriousViolations(page)) problems.push(`${screen.name}@${width}: ${v}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) problems.push(`${screen.name}@${width}: scrolls horizontally by ${overflow}px`);
        }
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  });
}

// Every screen, as every kind of visitor: no serious or critical axe-core violations, and no
// horizontal scrolling at 360 px.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { contextFor, open, type Role, SCREENS } from "./screens";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const browser = useBrowser();

async function seriousViolations(page: Page) {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} at ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

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

// scripts/check-docs.mjs (in `npm run lint`): the README and docs name only scripts, paths and links that exist.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const check = (dir: string) =>
  spawnSync(process.execPath, [path.join(root, "scripts/check-docs.mjs"), dir], { encoding: "utf8" });

const copy = mkdtempSync(path.join(tmpdir(), "cosmic-docs-check-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it("passes on the repository's README and docs", () => {
  const run = check(root);
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
});

it("fails on a README that names a missing script, a missing file or a broken link, naming each by line", () => {
  for (const name of ["package.json", "docs", "scripts", "worker"])
    cpSync(path.join(root, name), path.join(copy, name), { recursive: true });
  mkdirSync(path.join(copy, "test"));
  const readme = readFileSync(path.join(root, "README.md"), "utf8");
  writeFileSync(
    path.join(copy, "README.md"),
    `${readme}\nRun \`npm run deploy:all\`, read scripts/deploy.sh and [the runbook](docs/backups.md).\n`,
  );
  const run = check(copy);
  const line = readme.split("\n").length + 1;
  expect(run.status).toBe(1);
  expect(run.stderr).toContain(`README.md:${line}: \`npm run deploy:all\` is not a script in package.json`);
  expect(run.stderr).toContain(`README.md:${line}: path scripts/deploy.sh does not exist`);
  expect(run.stderr).toContain(`README.md:${line}: link target docs/backups.md does not exist`);
});

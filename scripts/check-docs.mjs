// `npm run lint` runs this after Biome: the README and every document under docs/ may name only what
// exists. Every `npm run <script>` must be a script in package.json; every repository path (one that
// starts with a top-level folder of the repository, or a top-level file) and every relative link must
// exist. Paths under folders the tools generate (dist/, .wrangler/, backups/, ...) and placeholders
// (`<feature>`, `*`) are not checked. Exits 1 listing each miss as file:line.
//
//   node scripts/check-docs.mjs [root]      # root: the repository (default: this script's)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const scripts = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).scripts ?? {};

const docs = [
  "README.md",
  ...readdirSync(path.join(root, "docs"), { recursive: true })
    .filter((f) => f.endsWith(".md"))
    .map((f) => path.join("docs", f)),
];
// Top-level entries that are part of the repository (not generated): a path starting with one must exist.
const GENERATED = new Set(["node_modules", "dist", ".wrangler", "backups", "screenshots", "test-results", ".git"]);
const topLevel = readdirSync(root).filter((name) => !GENERATED.has(name) && !name.startsWith(".env"));
const topDirs = topLevel.filter((name) => statSync(path.join(root, name)).isDirectory());
const topFiles = topLevel.filter((name) => !topDirs.includes(name));
const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PATH = new RegExp(
  `(?<![\\w./@:-])((?:${topDirs.map(literal).join("|")})/[\\w./@-]*|(?:${topFiles.map(literal).join("|")}))(?![\\w<*])`,
  "g",
);

const misses = [];
for (const doc of docs) {
  const lines = readFileSync(path.join(root, doc), "utf8").split("\n");
  lines.forEach((line, i) => {
    const where = `${doc}:${i + 1}`;
    for (const [, name] of line.matchAll(/\bnpm run ([\w:.-]+)/g)) {
      if (!(name in scripts)) misses.push(`${where}: \`npm run ${name}\` is not a script in package.json`);
    }
    // Links outside code spans (`@[Name](id)` in a code span is the app's mention syntax, not a link).
    for (const [, target] of line.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(https?:|mailto:|#)/.test(target)) continue;
      const file = path.resolve(path.dirname(path.join(root, doc)), decodeURI(target.split("#")[0]));
      if (!existsSync(file)) misses.push(`${where}: link target ${target} does not exist`);
    }
    // Code spans and prose alike; a path ending in "." or "," ends before it.
    for (const [, found] of line.matchAll(PATH)) {
      const name = found.replace(/[.,:;]+$/, "");
      if (!existsSync(path.join(root, name))) misses.push(`${where}: path ${name} does not exist`);
    }
  });
}
if (misses.length) {
  console.error(`docs check: ${misses.length} name(s) that do not exist:\n${misses.map((m) => `  ${m}`).join("\n")}`);
  process.exit(1);
}
console.log(`docs check: ${docs.length} documents, every npm script, path and link they name exists`);

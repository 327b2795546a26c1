// The import rules, run by `npm run typecheck`. The worker's layout (docs/architecture.md, "Layout"): no import
// cycles (type-only imports count: they still tie the modules' designs together); a feature reaches another only
// through that feature's index.ts; no route module imports another; only worker/platform/local-development.ts
// reaches worker/dev/; SQL (drizzle-orm, the schema) only in worker/db/ and each feature's queries. The client's
// rule (docs/client.md): from worker/ it imports worker/shared/ and the `AppType` type of worker/app.ts only
// (response types come from `hc<AppType>`), and client/ has no import cycles either.
// And D1's 100-variable limit (docs/architecture.md, "Lists in SQL"): no `inArray(`, multi-row
// `.values([…])`/`.values(x.map(…))` or `batch(` over a built list in worker/, unless the list goes
// through worker/db/lists.ts or a `// bounded: <the bound>` comment on that line or the one above
// states it. And notifications are written only by their one writer.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const WORKER = path.join(root, "worker");
/** Known breaks of a rule, each waiting for a named change; the check fails when one is fixed and still listed. */
const PENDING = new Set([]);

const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(full);
  }
})(WORKER);

const rel = (file) => path.relative(root, file).split(path.sep).join("/");
const resolve = (from, spec) => {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (files.includes(candidate)) return candidate;
  }
  return null;
};

const graph = new Map();
for (const file of files) {
  const source = readFileSync(file, "utf8");
  const targets = new Set();
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g)) {
    const target = resolve(file, match[1]);
    if (target) targets.add(target);
  }
  graph.set(file, [...targets]);
}

const problems = [];
const seenPending = new Set();
/** A known break of a rule: listed in PENDING, or a problem. */
const breaks = (edge, problem) => {
  if (PENDING.has(edge)) seenPending.add(edge);
  else problems.push(problem);
};

// The worker's layout (docs/architecture.md, "Layout"): one folder per feature under worker/features/, what every
// feature uses in worker/platform/, development tools in worker/dev/, the database's client, lists, sessions and
// schema in worker/db/. Four rules keep it so.
const featureOf = (file) => /^worker\/features\/([^/]+)\//.exec(rel(file))?.[1] ?? null;
const isRoutes = (file) => /(^|[/-])routes\.ts$/.test(rel(file));
/** Where SQL is written: worker/db/, a feature's queries (queries.ts or queries/), and the development tools. */
const mayQuery = (file) => /^worker\/(db\/|dev\/|features\/[^/]+\/queries(\.ts$|\/))/.test(rel(file));
/** The one production module that reaches worker/dev/: it mounts the development tools locally. */
const DEV_SWITCH = "worker/platform/local-development.ts";
for (const [file, targets] of graph) {
  const from = featureOf(file);
  for (const target of targets) {
    const edge = `${rel(file)} -> ${rel(target)}`;
    // 1. A feature reaches another only through that feature's index.ts (what it offers the others).
    const to = featureOf(target);
    if (from && to && from !== to && rel(target) !== `worker/features/${to}/index.ts`)
      breaks(edge, `a feature imports another's module, not its index.ts: ${edge}`);
    // 2. No route module imports another: what two share lives beside them, or in platform/.
    if (isRoutes(file) && isRoutes(target)) breaks(edge, `a route module imports another: ${edge}`);
    // What every feature uses depends on none of them: worker/platform/ and worker/db/ import no feature.
    if (/^worker\/(platform|db)\//.test(rel(file)) && to)
      breaks(edge, `worker/platform/ and worker/db/ import no feature: ${edge}`);
    // 3. Production code reaches worker/dev/ only through the switch that mounts it locally.
    if (rel(target).startsWith("worker/dev/") && !rel(file).startsWith("worker/dev/") && rel(file) !== DEV_SWITCH)
      breaks(edge, `production code imports worker/dev/ (only ${DEV_SWITCH} may): ${edge}`);
  }
}
// 4. SQL is written in worker/db/ and in each feature's queries: anything else imports neither drizzle-orm (its
// operators only build queries) nor the schema (its tables are what a builder starts from). A type-only import
// builds nothing: it passes a query or a row along (platform/auth.ts's session batch, a payment's row).
for (const file of files) {
  if (mayQuery(file)) continue;
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/(?:^|\n)\s*import\s(?!type\s)[^;]*?from\s+["']([^"']+)["']/g)) {
    const target = resolve(file, match[1]);
    const edge = `${rel(file)} -> ${match[1]}`;
    if (
      match[1] === "drizzle-orm" ||
      match[1].startsWith("drizzle-orm/") ||
      (target && /^worker\/db\/schema/.test(rel(target)))
    )
      breaks(edge, `SQL outside worker/db/ and a feature's queries: ${edge}`);
  }
}
for (const edge of PENDING) if (!seenPending.has(edge)) problems.push(`fixed, remove it from PENDING: ${edge}`);

// Cycles: depth-first search, reporting each cycle once.
const state = new Map();
const stack = [];
const cycles = new Set();
function visit(file) {
  state.set(file, "open");
  stack.push(file);
  for (const target of graph.get(file)) {
    if (state.get(target) === "open")
      cycles.add(stack.slice(stack.indexOf(target)).concat(target).map(rel).join(" -> "));
    else if (!state.has(target)) visit(target);
  }
  stack.pop();
  state.set(file, "done");
}
for (const file of files) if (!state.has(file)) visit(file);
for (const cycle of cycles) problems.push(`import cycle: ${cycle}`);

const CLIENT = path.join(root, "client");
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.tsx?$/.test(name)) {
      const source = readFileSync(full, "utf8");
      for (const match of source.matchAll(/(?:^|\n)\s*(import|export)(\s+type)?\s[^;]*?from\s+["']([^"']+)["']/g)) {
        if (!match[3].startsWith(".")) continue;
        const target = rel(path.resolve(path.dirname(full), match[3]));
        if (!target.startsWith("worker/") || target.startsWith("worker/shared/")) continue;
        if (target === "worker/app" && match[2]) continue;
        problems.push(
          `client imports ${target} (only worker/shared/ and the AppType type of worker/app): ${rel(full)}`,
        );
      }
    }
  }
})(CLIENT);

// The client's import cycles (docs/client.md, "Import cycles"): every import counts, type-only ones
// (they tie the modules' designs together) and lazy `import()`s (the bundler tolerates one back to a
// parent, a reader follows it as a loop all the same). A piece two modules share goes in a module of
// its own that imports neither.
const clientFiles = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) clientFiles.push(full);
  }
})(CLIENT);
const resolveClient = (from, spec) => {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (clientFiles.includes(candidate)) return candidate;
  }
  return null;
};
const clientGraph = new Map();
for (const file of clientFiles) {
  const source = readFileSync(file, "utf8");
  const targets = new Set();
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g),
    ...source.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g),
    ...source.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ];
  for (const match of specifiers) {
    const target = resolveClient(file, match[1]);
    if (target) targets.add(target);
  }
  clientGraph.set(file, [...targets]);
}
const clientState = new Map();
const clientStack = [];
const clientCycles = new Set();
function visitClient(file) {
  clientState.set(file, "open");
  clientStack.push(file);
  for (const target of clientGraph.get(file)) {
    if (clientState.get(target) === "open")
      clientCycles.add(clientStack.slice(clientStack.indexOf(target)).concat(target).map(rel).join(" -> "));
    else if (!clientState.has(target)) visitClient(target);
  }
  clientStack.pop();
  clientState.set(file, "done");
}
for (const file of clientFiles) if (!clientState.has(file)) visitClient(file);
for (const cycle of clientCycles) problems.push(`client import cycle: ${cycle}`);

const LIST_HELPER = path.join(WORKER, "db", "lists.ts");
/** The text of the call's parenthesised argument list starting at `open` (the index of its "("). */
const argumentsAt = (source, open) => {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
};
const UNBOUNDED = [
  // A subquery as the list (`inArray(col, db.select…)`) binds only its own few variables.
  { pattern: /\binArray\(/g, unbounded: (args) => !/^[^,]+,\s*db\s*\./.test(args) },
  { pattern: /\.values\(/g, unbounded: (args) => /^\s*\[/.test(args) || /^\s*[\w.]+\.(map|flatMap)\(/.test(args) },
  { pattern: /\.batch\(/g, unbounded: (args) => !/^\s*\[/.test(args) || /\.(map|flatMap)\(/.test(args) },
];
let listStatements = 0;
for (const file of files) {
  if (file === LIST_HELPER) continue;
  const source = readFileSync(file, "utf8");
  const lines = source.split("\n");
  for (const { pattern, unbounded } of UNBOUNDED) {
    for (const match of source.matchAll(pattern)) {
      listStatements++;
      if (!unbounded(argumentsAt(source, match.index + match[0].length - 1))) continue;
      const line = source.slice(0, match.index).split("\n").length;
      if (/\/\/ bounded: \S/.test(`${lines[line - 2] ?? ""}\n${lines[line - 1]}`)) continue;
      problems.push(
        `unbounded list statement: ${rel(file)}:${line}: ${lines[line - 1].trim()}\n` +
          "  D1 binds at most 100 variables a statement: bind the list through worker/db/lists.ts " +
          '(inList, listTable) or state its bound in a "// bounded: …" comment',
      );
    }
  }
}

// Notifications have ONE writer (docs/architecture.md, "Notifications and their delivery"): it applies the rules
// every notification follows (blocks, one's own actions), and the table's outbox trigger makes each one's delivery.
// An insert into or update of the table anywhere else is refused, in drizzle's form or in raw SQL.
const NOTIFICATION_WRITER = "worker/features/notifications/queries/write.ts";
const WRITES_NOTIFICATIONS = [
  /\.(insert|update)\(\s*notifications\s*\)/,
  /\b(insert(\s+or\s+\w+)?\s+into|replace\s+into|update(\s+or\s+\w+)?)\s+[`"']?notifications\b/i,
  /\b(insert(\s+or\s+\w+)?\s+into|update)\s+\$\{\s*notifications\s*\}/i,
];
for (const file of files) {
  if (rel(file) === NOTIFICATION_WRITER) continue;
  const lines = readFileSync(file, "utf8").split("\n");
  for (const [i, line] of lines.entries()) {
    if (WRITES_NOTIFICATIONS.some((pattern) => pattern.test(line)))
      problems.push(
        `a notification written outside ${NOTIFICATION_WRITER}: ${rel(file)}:${i + 1}: ${line.trim()}\n` +
          "  write it through that module's writers, which apply blocks and make its delivery",
      );
  }
}

if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(
  `imports: ${files.length} worker modules, no cycles; features reach each other through their index.ts, no route ` +
    `module imports another, only ${DEV_SWITCH} reaches worker/dev/, SQL only in worker/db/ and features' queries ` +
    `(${PENDING.size} pending); the client imports only worker/shared/ and AppType; ${listStatements} ` +
    `inArray/values/batch calls bounded; notifications written only in ${NOTIFICATION_WRITER}`,
);

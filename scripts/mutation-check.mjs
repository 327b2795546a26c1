// `npm run test:mutation`: named mutations of the security-critical modules. Each one plants a bug a
// careless edit could make (a check dropped, a comparison loosened) and runs the worker test files
// that guard that module; the suite must FAIL for every mutant. Prints one line per mutant and the
// score; exits 1 when a mutant survives that is not listed in EXPLAINED, or when a mutation no longer
// applies (its code changed: update the mutation with the code).
//
// Why not StrykerJS: its vitest runner instruments the code in Node and drives vitest's Node pool; the
// worker suites run inside workerd (@cloudflare/vitest-plugin), which Stryker's runner cannot load.
// Each mutant runs in a throwaway copy of the tracked files (node_modules linked), never in the checkout.
//
//   npm run test:mutation                 # every mutant
//   npm run test:mutation -- google csrf  # mutants whose name contains any of the words
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** @type {{ name: string; file: string; from: string; to: string; tests: string[] }[]} */
const MUTANTS = [
  // Google sign-in: each claim is a security boundary (ADMIN_EMAILS turns an email into an admin).
  {
    name: "google: issuer not checked",
    file: "worker/features/auth/google.ts",
    from: "if (!claims.iss || !ISSUERS.includes(claims.iss))",
    to: "if (false)",
    tests: ["google-sign-in"],
  },
  {
    name: "google: audience not checked",
    file: "worker/features/auth/google.ts",
    from: "if (!aud.includes(clientId))",
    to: "if (false)",
    tests: ["google-sign-in"],
  },
  {
    name: "google: expiry not checked",
    file: "worker/features/auth/google.ts",
    from: "claims.exp * 1000 <= now",
    to: "claims.exp * 1000 <= 0",
    tests: ["google-sign-in"],
  },
  {
    name: "google: subject may be missing",
    file: "worker/features/auth/google.ts",
    from: "if (!claims.sub || !claims.email)",
    to: "if (!claims.email)",
    tests: ["google-sign-in"],
  },
  {
    name: "google: unverified email accepted when the claim is absent",
    file: "worker/features/auth/google.ts",
    from: "claims.email_verified !== true",
    to: "claims.email_verified === false",
    tests: ["google-sign-in"],
  },
  // Webpay: approval needs every condition at once.
  {
    name: "webpay: response code ignored",
    file: "worker/features/payments/webpay.ts",
    from: "tx.response_code === 0 && ",
    to: "",
    tests: ["payments", "payment-approval"],
  },
  {
    name: "webpay: status ignored",
    file: "worker/features/payments/webpay.ts",
    from: 'tx.status === "AUTHORIZED" && ',
    to: "",
    tests: ["payments", "payment-approval"],
  },
  {
    name: "webpay: amount ignored",
    file: "worker/features/payments/webpay.ts",
    from: "tx.amount === expected.amount && ",
    to: "",
    tests: ["payments", "payment-approval"],
  },
  {
    name: "webpay: buy order ignored",
    file: "worker/features/payments/webpay.ts",
    from: " && tx.buy_order === expected.buyOrder",
    to: "",
    tests: ["payments", "payment-approval"],
  },
  // Notice HTML sanitiser.
  {
    name: "sanitize: script kept",
    file: "worker/platform/sanitize-html.ts",
    from: '"script", "style",',
    to: '"style",',
    tests: ["sanitize-html"],
  },
  {
    name: "sanitize: javascript: links kept",
    file: "worker/platform/sanitize-html.ts",
    from: 'new Set(["http:", "https:", "mailto:"])',
    to: 'new Set(["http:", "https:", "mailto:", "javascript:"])',
    tests: ["sanitize-html"],
  },
  {
    name: "sanitize: every attribute kept",
    file: "worker/platform/sanitize-html.ts",
    from: "if (!keep?.has(name.toLowerCase())) el.removeAttribute(name);",
    to: "",
    tests: ["sanitize-html"],
  },
  {
    name: "sanitize: data: images kept",
    file: "worker/platform/sanitize-html.ts",
    from: 'const IMAGE_SCHEMES = new Set(["http:", "https:"]);',
    to: 'const IMAGE_SCHEMES = new Set(["http:", "https:", "data:"]);',
    tests: ["sanitize-html"],
  },
  {
    name: "sanitize: unknown elements kept",
    file: "worker/platform/sanitize-html.ts",
    from: "el.removeAndKeepContent();\n          return;\n        }\n        const keep",
    to: "}\n        const keep",
    tests: ["sanitize-html"],
  },
  // Link previews (SSRF).
  {
    name: "preview: non-default ports allowed",
    file: "worker/features/chat/link-preview.ts",
    from: 'if (url.port !== "")',
    to: "if (false)",
    tests: ["link-preview"],
  },
  {
    name: "preview: IPv4 literals allowed",
    file: "worker/features/chat/link-preview.ts",
    from: "if (IPV4_LITERAL.test(host))",
    to: "if (false)",
    tests: ["link-preview"],
  },
  {
    name: "preview: IPv6 literals allowed",
    file: "worker/features/chat/link-preview.ts",
    from: 'if (host.startsWith("[") || host.includes(":"))',
    to: "if (false)",
    tests: ["link-preview"],
  },
  {
    name: "preview: localhost allowed",
    file: "worker/features/chat/link-preview.ts",
    from: 'host === "localhost" || ',
    to: "",
    tests: ["link-preview"],
  },
  {
    name: "preview: internal suffixes allowed",
    file: "worker/features/chat/link-preview.ts",
    from: " || INTERNAL_SUFFIXES.some((s) => host.endsWith(s))",
    to: "",
    tests: ["link-preview"],
  },
  {
    name: "preview: credentials allowed",
    file: "worker/features/chat/link-preview.ts",
    from: "if (url.username || url.password)",
    to: "if (false)",
    tests: ["link-preview"],
  },
  {
    name: "preview: redirects not re-checked",
    file: "worker/features/chat/link-preview.ts",
    from: "url = checkPreviewUrl(new URL(location, url));",
    to: "url = new URL(location, url);",
    tests: ["link-preview"],
  },
  {
    name: "preview: unbounded redirects",
    file: "worker/features/chat/link-preview.ts",
    from: "if (hop >= PREVIEW_LIMITS.maxRedirects)",
    to: "if (hop >= 1000)",
    tests: ["link-preview"],
  },
  {
    name: "preview: any content type parsed",
    file: "worker/features/chat/link-preview.ts",
    from: "if (!/^(text\\/html|application\\/xhtml\\+xml)/i.test(type))",
    to: "if (false)",
    tests: ["link-preview"],
  },
  // Sessions.
  {
    name: "session: expired sessions accepted",
    file: "worker/db/sessions.ts",
    from: "if (row.expiresAt.getTime() <= now)",
    to: "if (false)",
    tests: ["sessions"],
  },
  {
    name: "session: never renewed",
    file: "worker/db/sessions.ts",
    from: "< SESSION_TTL_MS / 2",
    to: "< 0",
    tests: ["sessions"],
  },
  {
    name: "session: cookie readable by scripts",
    file: "worker/platform/session-cookie.ts",
    from: "httpOnly: true,",
    to: "httpOnly: false,",
    tests: ["sessions", "csp-headers"],
  },
  {
    name: "session: production cookie without __Host-",
    file: "worker/platform/session-cookie.ts",
    from: '"__Host-session"',
    to: '"session"',
    tests: ["sessions", "csp-headers"],
  },
  {
    name: "session: logout keeps the session",
    file: "worker/db/sessions.ts",
    from:
      "export async function deleteSession(db: Database, sessionId: string) {\n  await " +
      "db.delete(sessions).where(eq(sessions.id, sessionId));",
    to: "export async function deleteSession(db: Database, sessionId: string) {\n  void db; void sessionId;",
    tests: ["sessions"],
  },
  // CSRF (same origin) and the authorization middleware.
  {
    name: "csrf: any Origin accepted",
    file: "worker/platform/csrf.ts",
    from: "origin === new URL(c.req.url).origin",
    to: "true",
    tests: ["csrf", "csrf-headerless"],
  },
  {
    name: "csrf: no headers accepted",
    file: "worker/platform/csrf.ts",
    from: 'c.req.header("sec-fetch-site") === "same-origin"',
    to: 'c.req.header("sec-fetch-site") !== "cross-site"',
    tests: ["csrf", "csrf-headerless"],
  },
  {
    name: "csrf: unsafe methods unchecked",
    file: "worker/platform/csrf.ts",
    from: 'const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);',
    to: 'const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "DELETE"]);',
    tests: ["csrf", "csrf-headerless"],
  },
  {
    name: "auth: members pass requireAdmin",
    file: "worker/platform/auth.ts",
    from: 'if (c.var.user.role !== "admin") throw forbidden();',
    to: "",
    tests: ["authorization-matrix"],
  },
  {
    name: "auth: unpaid members pass requirePaidMember",
    file: "worker/platform/auth.ts",
    from: "if (!hasPaidAccess(membership.status)) throw",
    to: "if (false) throw",
    tests: ["authorization-matrix"],
  },
  {
    name: "auth: anonymous callers pass requireUser",
    file: "worker/platform/auth.ts",
    from:
      "export const requireUser = createMiddleware<AppEnv & Authed>(async (c, next) => {\n  if (!c.var.user) " +
      "throw unauthorized();",
    to: "export const requireUser = createMiddleware<AppEnv & Authed>(async (c, next) => {",
    tests: ["authorization-matrix"],
  },
];

/** Surviving mutants that are equivalent or guarded elsewhere, with the reason. Keep this short. */
const EXPLAINED = {
  "preview: IPv6 literals allowed":
    "equivalent: the URL parser writes every IPv6 host (IPv4-mapped ones too) in hex between brackets, without a " +
    "dot, so the next rule (a host without a dot is internal) refuses it; the check stays for its clearer message",
  "preview: localhost allowed":
    "equivalent: 'localhost' has no dot and is refused by the same dotless-host rule; the check stays for its " +
    "clearer message",
};

const words = process.argv.slice(2);
const selected = words.length ? MUTANTS.filter((m) => words.some((w) => m.name.includes(w))) : MUTANTS;

const sandbox = mkdtempSync(path.join(os.tmpdir(), "cosmic-mutation-"));
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
for (const file of tracked) {
  mkdirSync(path.dirname(path.join(sandbox, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(sandbox, file));
}
symlinkSync(path.join(root, "node_modules"), path.join(sandbox, "node_modules"));

const testFiles = (names) => names.map((n) => `test/worker/${n}.test.ts`).filter((f) => tracked.includes(f));
const results = [];
try {
  for (const mutant of selected) {
    const file = path.join(sandbox, mutant.file);
    const original = readFileSync(file, "utf8");
    const occurrences = original.split(mutant.from).length - 1;
    if (occurrences !== 1) {
      results.push({ mutant, outcome: "stale" });
      console.log(`STALE     ${mutant.name} (the code to mutate occurs ${occurrences} times in ${mutant.file})`);
      continue;
    }
    writeFileSync(file, original.replace(mutant.from, mutant.to));
    const started = Date.now();
    const run = spawnSync(
      "npx",
      ["vitest", "run", "--config", "test/worker/vitest.config.ts", ...testFiles(mutant.tests)],
      {
        cwd: sandbox,
        encoding: "utf8",
        env: { ...process.env, CI: "true" },
      },
    );
    writeFileSync(file, original);
    const killed = run.status !== 0;
    const outcome = killed ? "killed" : mutant.name in EXPLAINED ? "explained" : "survived";
    results.push({ mutant, outcome });
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(
      `${outcome.toUpperCase().padEnd(9)} ${mutant.name} (${testFiles(mutant.tests).join(", ")}; ${seconds} s)`,
    );
    if (outcome === "explained") console.log(`          ${EXPLAINED[mutant.name]}`);
  }
} finally {
  rmSync(sandbox, { recursive: true, force: true });
}

const count = (o) => results.filter((r) => r.outcome === o).length;
const applicable = results.length - count("stale");
console.log(
  `\nmutation score: ${count("killed")}/${applicable} killed ` +
    `(${applicable ? ((100 * count("killed")) / applicable).toFixed(0) : 0}%), ${count("explained")} explained, ` +
    `${count("survived")} survived, ${count("stale")} stale`,
);
process.exit(count("survived") + count("stale") > 0 ? 1 : 0);

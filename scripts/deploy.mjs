// Deploys Cosmic Lounge, on an account that has nothing yet as on one already set up:
//
//   npm run deploy                          # staging, then production; stops at the first failure
//   npm run deploy -- staging               # one target
//   npm run deploy -- staging --generate-secrets   # also makes and sets the random secrets that are missing
//   npm run deploy:check                    # the builds and `wrangler deploy --dry-run`: no login, no network
//
// For each target, in order: build (CLOUDFLARE_ENV=<target>, the Cloudflare Vite plugin); the payments
// check (scripts/payments-config.mjs); the secrets, checked by name (`wrangler secret list`): a missing one
// stops the deploy with the command that sets it; the two queues, created when missing; then the database:
// when it exists, the remote migrations and then the deploy; on the first deploy, the deploy first (wrangler
// provisions the D1 database and the R2 bucket named in wrangler.toml, which carries no ids), then the
// migrations. A deploy whose build is the one already serving (its version's tag is the build's hash) is
// skipped, so a second run changes nothing and says so. Production is never deployed after a failed staging.
//
// Every step is a `wrangler` command found on PATH (npm puts node_modules/.bin there); the tests put a
// stand-in first on PATH (test/operators/deploy.test.ts).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { GENERATED_SECRETS, generateSecrets, requiredSecrets } from "./deploy-secrets.mjs";
import { checkPaymentsConfig } from "./payments-config.mjs";

const root = path.resolve(import.meta.dirname, "..");
// The Vite plugin writes the built worker and its deploy configuration here, whatever the target.
const out = path.join(root, "dist/cosmic_lounge");
const builtConfigPath = path.join(out, "wrangler.json");

const USAGE = "usage: npm run deploy -- [--dry-run] [--generate-secrets] [staging] [production]";
let dryRun = false;
let generate = false;
const targets = [];
for (const arg of process.argv.slice(2)) {
  if (arg === "--dry-run") dryRun = true;
  else if (arg === "--generate-secrets") generate = true;
  else if (arg === "staging" || arg === "production") targets.push(arg);
  else fail(USAGE, 2);
}
if (!targets.length) targets.push("staging", "production");

for (const target of targets) await deployTarget(target);

/** @param {string} target */
async function deployTarget(target) {
  say(`== ${target}: build`);
  run("vite", ["build", "--logLevel", "warn"], { env: { CLOUDFLARE_ENV: target } });
  const config = JSON.parse(readFileSync(builtConfigPath, "utf8"));
  const payments = checkPaymentsConfig({
    target,
    vars: config.vars ?? {},
    allowTestPayments: process.env.ALLOW_TEST_PAYMENTS_IN_PRODUCTION === "1",
  });
  if (!payments.ok) fail(`== ${payments.message}`);
  say(`== ${payments.message}`);

  if (dryRun) {
    say(`== ${target}: wrangler deploy --dry-run`);
    run("wrangler", ["deploy", "--dry-run", "--config", builtConfigPath]);
    return;
  }

  const changes = [];
  await ensureSecrets(target, config, changes);
  ensureQueues(target, config, changes);

  const database = config.d1_databases?.[0]?.database_name;
  const databases = JSON.parse(wrangler(["d1", "list", "--json"], { quiet: true }).stdout);
  if (databases.some((d) => d.name === database)) {
    migrate(target, changes);
    deploy(target, changes);
  } else {
    say(`== ${target}: database ${database} does not exist yet: the deploy provisions it, then the migrations run`);
    deploy(target, changes);
    migrate(target, changes);
  }
  say(
    changes.length
      ? `== ${target}: done (${changes.join("; ")})`
      : `== ${target}: up to date: nothing changed (secrets, queues, migrations and build as deployed)`,
  );
}

/** Checks the required secrets by name; with --generate-secrets first sets the random ones that are missing. */
async function ensureSecrets(target, config, changes) {
  say(`== ${target}: secrets`);
  const listed = wrangler(["secret", "list", "--env", target, "--format", "json"], { quiet: true, allowFailure: true });
  let present = [];
  if (listed.status === 0) present = JSON.parse(listed.stdout).map((s) => s.name);
  // A Worker that does not exist yet has no secrets; anything else (no login, a network error) stops here.
  else if (!/not found/i.test(listed.output)) fail(`== ${target}: wrangler secret list failed:\n${listed.output}`);
  let missing = requiredSecrets(config.vars ?? {}).filter((name) => !present.includes(name));

  const toGenerate = generate ? missing.filter((name) => GENERATED_SECRETS.includes(name)) : [];
  if (toGenerate.length) {
    const values = await generateSecrets(toGenerate);
    // On stdin, never in argv, a file or the output; `secret bulk` creates the Worker when it is new.
    wrangler(["secret", "bulk", "--env", target], { input: JSON.stringify(values), quiet: true });
    say(`   generated and set: ${Object.keys(values).join(", ")}`);
    changes.push(`secrets set: ${Object.keys(values).join(", ")}`);
    missing = missing.filter((name) => !(name in values));
  }
  if (missing.length) {
    const lines = missing.map((name) => {
      const hint = GENERATED_SECRETS.includes(name) ? "   (random: or run again with --generate-secrets)" : "";
      return `   npx wrangler secret put ${name} --env ${target}${hint}`;
    });
    fail(`== ${target}: missing secrets, nothing deployed. Set each, then run this again:\n${lines.join("\n")}`);
  }
  say(`   all ${requiredSecrets(config.vars ?? {}).length} required secrets are set`);
}

/** The delivery queue and its dead-letter queue, as the built configuration names them. */
function ensureQueues(target, config, changes) {
  say(`== ${target}: queues`);
  const queues = config.queues ?? {};
  const names = new Set([
    ...(queues.producers ?? []).map((p) => p.queue),
    ...(queues.consumers ?? []).flatMap((c) => [c.queue, c.dead_letter_queue].filter(Boolean)),
  ]);
  for (const name of names) {
    const info = wrangler(["queues", "info", name], { quiet: true, allowFailure: true });
    if (info.status === 0) {
      say(`   ${name}: exists`);
      continue;
    }
    if (!/does not exist/i.test(info.output))
      fail(`== ${target}: wrangler queues info ${name} failed:\n${info.output}`);
    const created = wrangler(["queues", "create", name], { quiet: true, allowFailure: true });
    // Created by someone else in between ("already exists") is as good as created here.
    if (created.status !== 0 && wrangler(["queues", "info", name], { quiet: true, allowFailure: true }).status !== 0) {
      fail(`== ${target}: wrangler queues create ${name} failed:\n${created.output}`);
    }
    say(`   ${name}: created`);
    changes.push(`queue created: ${name}`);
  }
}

function migrate(target, changes) {
  say(`== ${target}: remote D1 migrations`);
  const result = wrangler(["d1", "migrations", "apply", "DB", "--remote", "--env", target], { allowFailure: true });
  if (result.status !== 0) fail(`== ${target}: a migration failed; ${target} is not deployed past it.`);
  if (!/No migrations to apply/.test(result.output)) changes.push("migrations applied");
}

/** Deploys the build unless the version serving the target was deployed from this very build. */
function deploy(target, changes) {
  say(`== ${target}: deploy`);
  const tag = `build-${buildHash()}`;
  const status = wrangler(["deployments", "status", "--env", target, "--json"], { quiet: true, allowFailure: true });
  if (status.status === 0) {
    const serving = JSON.parse(status.stdout).versions?.find((v) => v.percentage === 100)?.version_id;
    if (serving) {
      const view = wrangler(["versions", "view", serving, "--env", target, "--json"], {
        quiet: true,
        allowFailure: true,
      });
      if (view.status === 0 && JSON.parse(view.stdout).annotations?.["workers/tag"] === tag) {
        say(`   version ${serving} already serves this build (${tag}): not deployed again`);
        return;
      }
    }
  }
  wrangler(["deploy", "--config", builtConfigPath, "--tag", tag, "--message", `npm run deploy ${target}`]);
  changes.push(`deployed ${tag}`);
}

/**
 * A hash of what `wrangler deploy` uploads: the built worker, its configuration (without the absolute
 * paths of this checkout) and the client assets. The build is reproducible, so an unchanged tree hashes the same.
 */
function buildHash() {
  const hash = createHash("sha256");
  const dist = path.dirname(out);
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".map"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    let content = readFileSync(file);
    if (file === builtConfigPath) {
      const { configPath: _c, userConfigPath: _u, ...rest } = JSON.parse(content.toString("utf8"));
      content = Buffer.from(JSON.stringify(rest));
    }
    hash.update(path.relative(dist, file)).update("\0").update(content).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Runs a wrangler command, its output shown (unless quiet: JSON answers and secrets) and kept for the
 * script to read. A failure stops the deploy unless allowFailure.
 * @param {string[]} args
 * @param {{ input?: string; quiet?: boolean; allowFailure?: boolean }} [options]
 */
function wrangler(args, { input, quiet = false, allowFailure = false } = {}) {
  const result = spawnSync("wrangler", args, {
    cwd: root,
    input: input ?? "",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  if (result.error) fail(`cannot run wrangler: ${result.error.message}`);
  const output = `${result.stdout}${result.stderr}`;
  if (!quiet && output.trim()) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
  if (result.status !== 0 && !allowFailure) {
    fail(`== wrangler ${args.slice(0, 2).join(" ")} failed${quiet ? `:\n${output}` : ""}`);
  }
  return { status: result.status, stdout: result.stdout, output };
}

/** Runs a build tool with its output shown; a failure stops the deploy. */
function run(command, args, { env = {} } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.error) fail(`cannot run ${command}: ${result.error.message}`);
  if (result.status !== 0) fail(`== ${command} ${args[0]} failed (exit ${result.status})`);
}

function say(line) {
  console.log(line);
}

/** @returns {never} */
function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

// `npm run deploy` against a stand-in wrangler (test/operators/stand-in/): no network, no account. The
// deploy script runs as it is, in a copy of the project (its scripts and migrations) with the stand-ins
// first on PATH; each call is recorded, printed per scenario, and the order, the stops and the
// idempotence are checked on the records and on the pretend account the stand-in keeps.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

const root = path.resolve(import.meta.dirname, "../..");
const work = mkdtempSync(path.join(tmpdir(), "cosmic-deploy-test-"));
const project = path.join(work, "project");
const bin = path.join(work, "bin");
const statePath = path.join(work, "account.json");
const logPath = path.join(work, "calls.jsonl");

type Account = {
  counter: number;
  source: string;
  failMigration: string | null;
  envs: Record<string, { worker: string; database: string; built: Record<string, unknown> }>;
  workers: Record<
    string,
    {
      secrets: Record<string, string>;
      versions: { id: string; annotations: Record<string, string> }[];
      deployment: { versions: { version_id: string }[] } | null;
    }
  >;
  databases: { name: string; migrations: string[] }[];
  buckets: string[];
  queues: string[];
};
const account = (): Account => JSON.parse(readFileSync(statePath, "utf8"));
const saveAccount = (a: Account) => writeFileSync(statePath, JSON.stringify(a, null, 2));

/** The target's configuration as the Vite plugin builds it, read from the real wrangler.toml. */
function built(env: string) {
  const c = unstable_readConfig({ config: path.join(root, "wrangler.toml"), env });
  return {
    name: c.name,
    vars: c.vars,
    d1_databases: c.d1_databases,
    r2_buckets: c.r2_buckets,
    queues: c.queues,
    migrations: c.migrations,
  };
}

beforeAll(() => {
  mkdirSync(project);
  cpSync(path.join(root, "scripts"), path.join(project, "scripts"), { recursive: true });
  cpSync(path.join(root, "migrations"), path.join(project, "migrations"), { recursive: true });
  mkdirSync(bin);
  for (const tool of ["wrangler", "vite"]) {
    const file = path.join(bin, tool);
    writeFileSync(
      file,
      `#!/bin/sh\nexec "${process.execPath}" "${path.join(import.meta.dirname, "stand-in", `${tool}.mjs`)}" "$@"\n`,
    );
    chmodSync(file, 0o755);
  }
  const envs: Account["envs"] = {};
  for (const env of ["staging", "production"]) {
    const b = built(env);
    envs[env] = { worker: b.name!, database: b.d1_databases[0]!.database_name!, built: b };
  }
  saveAccount({
    counter: 0,
    source: "v1",
    failMigration: null,
    envs,
    workers: {},
    databases: [],
    buckets: [],
    queues: [],
  });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const standInEnv = () => ({
  ...process.env,
  PATH: `${bin}:${process.env.PATH}`,
  STAND_IN_STATE: statePath,
  STAND_IN_LOG: logPath,
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: "",
});

/** What an operator types (`npx wrangler secret put NAME --env T`, the value on stdin). */
function operatorSets(target: string, names: string[]) {
  for (const name of names) {
    execFileSync("wrangler", ["secret", "put", name, "--env", target], {
      cwd: project,
      env: standInEnv(),
      input: `operator-value-of-${name}`,
      stdio: ["pipe", "ignore", "inherit"],
    });
  }
}

/**
 * Runs `npm run deploy -- ...args` (node scripts/deploy.mjs) and answers its exit code, output and the calls
 * it made; prints the calls, and the script's own lines (`==` and the indented ones) when it stopped.
 */
function deploy(scenario: string, ...args: string[]) {
  writeFileSync(logPath, "");
  const result = spawnSync(process.execPath, [path.join(project, "scripts/deploy.mjs"), ...args], {
    cwd: project,
    env: standInEnv(),
    encoding: "utf8",
  });
  const calls = readFileSync(logPath, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const call = JSON.parse(line);
      if (call.tool === "vite") return `${call.env} vite ${call.args.join(" ")}`;
      return `wrangler ${call.args.map((a: string) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(" ")}${call.stdin ? `  < ${call.stdin}` : ""}`;
    });
  const output = `${result.stdout}${result.stderr}`;
  const own = output.split("\n").filter((line) => /^(==| {3}\S)/.test(line));
  console.log(
    `--- ${scenario}: npm run deploy${args.length ? ` -- ${args.join(" ")}` : ""} (exit ${result.status})\n` +
      `${calls.map((c, i) => `${String(i + 1).padStart(2)}. ${c}`).join("\n")}\n` +
      `  the script said:\n${own.map((line) => `    ${line}`).join("\n")}\n`,
  );
  return { status: result.status, output, calls };
}

const MUTATING = /^wrangler (secret (put|bulk)|queues create|deploy )/;
const OPERATOR_GOOGLE = ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"];
const OPERATOR_TRANSBANK = [
  "WEBPAY_COMMERCE_CODE",
  "WEBPAY_API_SECRET",
  "ONECLICK_MALL_COMMERCE_CODE",
  "ONECLICK_CHILD_COMMERCE_CODE",
  "ONECLICK_API_SECRET",
];

describe("npm run deploy on a new account, against the stand-in wrangler", () => {
  it("the committed configuration names the deployed targets' database and bucket without ids (wrangler provisions them)", () => {
    for (const env of ["staging", "production"]) {
      const b = built(env);
      expect(b.d1_databases[0]!.database_id).toBeUndefined();
      expect(b.d1_databases[0]!.database_name).toBeTruthy();
      expect(b.r2_buckets[0]!.bucket_name).toBeTruthy();
    }
  });

  it("a missing secret stops the deploy before anything is created, with the command that sets it; production untouched", () => {
    const before = account();
    const run = deploy("missing secrets (empty account)");
    expect(run.status).toBe(1);
    expect(run.calls).toEqual([
      "CLOUDFLARE_ENV=staging vite build --logLevel warn",
      "wrangler secret list --env staging --format json",
    ]);
    for (const name of [...OPERATOR_GOOGLE, "EMAIL_TOKEN_SECRET", "VAPID_PUBLIC_KEY", "ONECLICK_TBK_USER_KEY"]) {
      expect(run.output).toContain(`npx wrangler secret put ${name} --env staging`);
    }
    expect(run.output).toMatch(/EMAIL_TOKEN_SECRET --env staging +\(random: or run again with --generate-secrets\)/);
    expect(run.output).toContain("missing secrets, nothing deployed");
    expect(account()).toEqual(before);
  });

  it("the first deploy: secrets generated and set unseen, queues created, D1 and R2 provisioned by the deploy, then migrated; staging before production", () => {
    operatorSets("staging", OPERATOR_GOOGLE);
    operatorSets("production", [...OPERATOR_GOOGLE, ...OPERATOR_TRANSBANK]);
    const run = deploy("first deploy", "--generate-secrets");
    expect(run.status).toBe(0);
    const expected = (target: string, worker: string) => {
      const a = account();
      const draft = a.workers[worker]!.versions[0]!.id;
      return [
        `CLOUDFLARE_ENV=${target} vite build --logLevel warn`,
        `wrangler secret list --env ${target} --format json`,
        `wrangler secret bulk --env ${target}  < <JSON with EMAIL_TOKEN_SECRET, ONECLICK_TBK_USER_KEY, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY>`,
        `wrangler queues info ${worker}-delivery`,
        `wrangler queues create ${worker}-delivery`,
        `wrangler queues info ${worker}-delivery-dead`,
        `wrangler queues create ${worker}-delivery-dead`,
        "wrangler d1 list --json",
        `wrangler deployments status --env ${target} --json`,
        // The Worker the operator's `secret put` created as a draft serves an untagged version.
        expect.stringMatching(
          new RegExp(`^wrangler versions view ${draft.slice(0, 8)}[-0-9a-f]+ --env ${target} --json$`),
        ),
        expect.stringMatching(
          new RegExp(
            `^wrangler deploy --config .*/dist/cosmic_lounge/wrangler.json --tag build-[0-9a-f]{16} --message "npm run deploy ${target}"$`,
          ),
        ),
        `wrangler d1 migrations apply DB --remote --env ${target}`,
      ];
    };
    const staging = account().envs.staging!;
    const production = account().envs.production!;
    expect(run.calls).toEqual([...expected("staging", staging.worker), ...expected("production", production.worker)]);
    expect(run.output).toContain(`database ${staging.database} does not exist yet`);

    const a = account();
    const migrations = readdirSync(path.join(root, "migrations"))
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(a.databases.map((d) => d.name).sort()).toEqual([production.database, staging.database].sort());
    for (const db of a.databases) expect(db.migrations).toEqual(migrations);
    expect(migrations.length).toBeGreaterThan(20);
    expect(a.buckets.sort()).toEqual(["cosmic-lounge-blobs", "cosmic-lounge-staging-blobs"]);
    expect(a.queues.sort()).toEqual([
      "cosmic-lounge-delivery",
      "cosmic-lounge-delivery-dead",
      "cosmic-lounge-staging-delivery",
      "cosmic-lounge-staging-delivery-dead",
    ]);
    for (const env of [staging, production]) {
      const worker = a.workers[env.worker]!;
      const serving = worker.versions.find((v) => v.id === worker.deployment!.versions[0]!.version_id)!;
      expect(serving.annotations["workers/tag"]).toMatch(/^build-[0-9a-f]{16}$/);
      const s = worker.secrets;
      // Generated: random, of the shapes the worker reads; never printed.
      expect(Buffer.from(s.ONECLICK_TBK_USER_KEY!, "base64")).toHaveLength(32);
      expect(Buffer.from(s.VAPID_PUBLIC_KEY!, "base64url")).toHaveLength(65);
      expect(Buffer.from(s.EMAIL_TOKEN_SECRET!, "base64url").length).toBeGreaterThanOrEqual(32);
      for (const value of [s.ONECLICK_TBK_USER_KEY, s.VAPID_PUBLIC_KEY, s.VAPID_PRIVATE_KEY, s.EMAIL_TOKEN_SECRET]) {
        expect(run.output).not.toContain(value);
      }
      // The operator's own values are kept.
      expect(s.GOOGLE_CLIENT_ID).toBe("operator-value-of-GOOGLE_CLIENT_ID");
    }
    expect(a.workers[staging.worker]!.secrets.EMAIL_TOKEN_SECRET).not.toBe(
      a.workers[production.worker]!.secrets.EMAIL_TOKEN_SECRET,
    );
  });

  it("a second deploy changes nothing and says so", () => {
    const before = account();
    const run = deploy("second deploy (nothing changed)", "--generate-secrets");
    expect(run.status).toBe(0);
    expect(run.calls.filter((c) => MUTATING.test(c))).toEqual([]);
    expect(run.calls.filter((c) => c.includes("migrations apply"))).toHaveLength(2);
    expect(run.output).toContain("✅ No migrations to apply!");
    expect(run.output).toMatch(/== staging: up to date: nothing changed/);
    expect(run.output).toMatch(/== production: up to date: nothing changed/);
    expect(run.output).toMatch(/already serves this build/);
    expect(account()).toEqual(before);
  });

  it("a failed staging migration stops before staging's deploy, and production is not touched", () => {
    writeFileSync(path.join(project, "migrations/0099_stand_in_broken.sql"), "BROKEN;\n");
    const a = account();
    a.failMigration = "0099_stand_in_broken.sql";
    a.source = "v2";
    saveAccount(a);
    const before = account();
    const run = deploy("failed staging migration");
    expect(run.status).toBe(1);
    const staging = before.envs.staging!;
    expect(run.calls).toEqual([
      "CLOUDFLARE_ENV=staging vite build --logLevel warn",
      "wrangler secret list --env staging --format json",
      `wrangler queues info ${staging.worker}-delivery`,
      `wrangler queues info ${staging.worker}-delivery-dead`,
      "wrangler d1 list --json",
      "wrangler d1 migrations apply DB --remote --env staging",
    ]);
    expect(run.output).toContain("Migration 0099_stand_in_broken.sql failed");
    expect(run.output).toContain("== staging: a migration failed; staging is not deployed past it.");
    expect(run.calls.some((c) => c.includes("production"))).toBe(false);
    // Staging still serves the build it served; production is as it was.
    expect(account().workers).toEqual(before.workers);
    expect(account().databases.find((d) => d.name === before.envs.production!.database)).toEqual(
      before.databases.find((d) => d.name === before.envs.production!.database),
    );
  });

  it("production is refused in Transbank's integration environment before any wrangler call for it", () => {
    const a = account();
    a.failMigration = null;
    a.envs.production!.built = { ...a.envs.production!.built, vars: { WEBPAY_ENV: "integration" } };
    saveAccount(a);
    const run = deploy("production in test payments", "production");
    expect(run.status).toBe(1);
    expect(run.calls).toEqual(["CLOUDFLARE_ENV=production vite build --logLevel warn"]);
    expect(run.output).toContain('production: refusing to deploy: WEBPAY_ENV is "integration"');
  });
});

// A stand-in `wrangler` for the deploy script's tests: no network, no account. It keeps a pretend
// Cloudflare account in a JSON file (STAND_IN_STATE), appends every call to STAND_IN_LOG (one JSON line:
// the arguments, and for secrets only the names read from stdin), and answers as wrangler 4 does for
// the commands scripts/deploy.mjs runs: the same JSON shapes, the same "not found" and "already exists"
// errors and exit codes, a migration that fails (state.failMigration) as `d1 migrations apply` reports
// one, and `deploy` provisioning a D1 database and an R2 bucket named in the configuration when missing.
// Texts follow node_modules/wrangler/wrangler-dist/cli.js (4.164).
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const statePath = process.env.STAND_IN_STATE;
const logPath = process.env.STAND_IN_LOG;
const state = JSON.parse(readFileSync(statePath, "utf8"));
const args = process.argv.slice(2);
const stdin = process.stdin.isTTY ? "" : readFileSync(0, "utf8");

const flag = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const positional = args.filter(
  (a, i) => !a.startsWith("--") && !args[i - 1]?.match(/^--(env|config|tag|message|format|command|table|output)$/),
);
const target = flag("--env");
const envOf = (t) => {
  const env = state.envs[t];
  if (!env) error(`stand-in: no environment ${t}`);
  return env;
};

function record(extra = {}) {
  appendFileSync(logPath, `${JSON.stringify({ args, ...extra })}\n`);
}
function save() {
  writeFileSync(statePath, JSON.stringify(state, null, 2));
}
function out(text) {
  process.stdout.write(`${text}\n`);
}
/** As wrangler prints a UserError, and exits 1. */
function error(text) {
  process.stderr.write(`\n✘ [ERROR] ${text}\n\n`);
  process.exit(1);
}
function apiError(url, text, code) {
  error(`A request to the Cloudflare API (/accounts/stand-in-account${url}) failed.\n\n  ${text} [code: ${code}]`);
}
function newVersion(worker, annotations) {
  state.counter += 1;
  const id = `00000000-0000-4000-8000-${String(state.counter).padStart(12, "0")}`;
  worker.versions.push({ id, number: worker.versions.length + 1, annotations, metadata: { source: "wrangler" } });
  worker.deployment = { id: `deployment-${state.counter}`, versions: [{ version_id: id, percentage: 100 }] };
  return id;
}
/** `secret put`/`secret bulk` on a Worker that does not exist create a draft Worker first (non-interactive). */
function workerForSecrets(name) {
  if (!state.workers[name]) {
    out(`🌀 Creating new Worker "${name}"...`);
    state.workers[name] = { secrets: {}, versions: [], deployment: null };
    newVersion(state.workers[name], {});
  }
  return state.workers[name];
}

const command = positional.slice(0, 2).join(" ");
switch (command) {
  case "secret list": {
    record();
    const name = envOf(target).worker;
    const worker = state.workers[name];
    if (!worker) {
      error(
        `Worker "${name}" (env: ${target}) not found.\n\nIf this is a new Worker, run \`wrangler deploy\` first to create it.\n` +
          "Otherwise, check that the Worker name is correct and you're logged into the right account.",
      );
    }
    out(
      JSON.stringify(
        Object.keys(worker.secrets).map((n) => ({ name: n, type: "secret_text" })),
        null,
        "  ",
      ),
    );
    break;
  }
  case "secret put": {
    const key = positional[2];
    record({ stdin: `<value of ${key}>` });
    const name = envOf(target).worker;
    out(`🌀 Creating the secret for the Worker "${name}"`);
    const worker = workerForSecrets(name);
    worker.secrets[key] = stdin.trim();
    newVersion(worker, { "workers/triggered_by": "secret" });
    save();
    out(`✨ Success! Uploaded secret ${key}`);
    break;
  }
  case "secret bulk": {
    const values = JSON.parse(stdin);
    record({ stdin: `<JSON with ${Object.keys(values).join(", ")}>` });
    const name = envOf(target).worker;
    out(`🌀 Processing the secrets for the Worker "${name}"`);
    const worker = workerForSecrets(name);
    Object.assign(worker.secrets, values);
    newVersion(worker, { "workers/triggered_by": "secret" });
    save();
    for (const key of Object.keys(values)) out(`✨ Successfully created secret for key: ${key}`);
    out(`\nFinished processing secrets file:\n✨ ${Object.keys(values).length} secrets successfully created`);
    break;
  }
  case "queues info": {
    record();
    const name = positional[2];
    if (!state.queues.includes(name)) {
      error(`Queue "${name}" does not exist. To create it, run: wrangler queues create ${name}`);
    }
    out(`Queue Name: ${name}\nQueue ID: queue-${name}\nNumber of Producers: 0\nNumber of Consumers: 0`);
    break;
  }
  case "queues create": {
    record();
    const name = positional[2];
    out(`🌀 Creating queue '${name}'`);
    if (state.queues.includes(name)) apiError("/queues", "A queue with this name already exists", 11009);
    state.queues.push(name);
    save();
    out(`✅ Created queue '${name}'`);
    break;
  }
  case "d1 list": {
    record();
    out(JSON.stringify(state.databases, null, 2));
    break;
  }
  case "d1 migrations": {
    record();
    if (positional[2] !== "apply" || !args.includes("--remote")) error("stand-in: only `d1 migrations apply --remote`");
    const database = envOf(target).database;
    const db = state.databases.find((d) => d.name === database);
    if (!db) {
      error(
        `Couldn't find a D1 DB named '${database}' (bound as 'DB') in the API. Run 'wrangler d1 create ${database}' to create it.`,
      );
    }
    const files = readdirSync(path.join(process.cwd(), "migrations"))
      .filter((f) => f.endsWith(".sql"))
      .sort();
    const pending = files.filter((f) => !db.migrations.includes(f));
    if (!pending.length) {
      out("✅ No migrations to apply!");
      break;
    }
    out(`Migrations to be applied:\n${pending.map((f) => `│ ${f} │`).join("\n")}`);
    for (const file of pending) {
      if (file === state.failMigration) {
        save();
        out(pending.map((f) => `│ ${f} │ ${db.migrations.includes(f) ? "✅" : f === file ? "❌" : "🕒️"} │`).join("\n"));
        process.stderr.write(`\n✘ [ERROR] Migration ${file} failed with the following errors:\n\n`);
        error(`near "BROKEN": syntax error at offset 0: SQLITE_ERROR [code: 7500]`);
      }
      db.migrations.push(file);
    }
    save();
    out(pending.map((f) => `│ ${f} │ ✅ │`).join("\n"));
    break;
  }
  case "d1 execute": {
    record();
    // `--remote --json --command`: the schema questions db:export asks, answered from state.remoteSchema.
    const sql = flag("--command");
    const { tables, triggers } = state.remoteSchema;
    const results = sql === "PRAGMA table_list" ? tables : triggers.map((t) => ({ sql: t }));
    out(JSON.stringify([{ results, success: true, meta: {} }], null, 2));
    break;
  }
  case "d1 export": {
    record();
    const tables = args.flatMap((a, i) => (args[i - 1] === "--table" ? [a] : []));
    const rows = tables.map((t) => `INSERT INTO "${t}" ("id") VALUES(1);`);
    writeFileSync(flag("--output"), ["PRAGMA defer_foreign_keys=TRUE;", ...rows].join("\n"));
    out(`🌀 Downloading SQL to ${flag("--output")}\nDone!`);
    break;
  }
  case "deployments status": {
    record();
    const name = envOf(target).worker;
    const worker = state.workers[name];
    if (!worker) apiError(`/workers/scripts/${name}/deployments`, "This Worker does not exist on your account.", 10007);
    if (!worker.deployment) error(`The Worker ${name} has no deployments.`);
    out(JSON.stringify({ ...worker.deployment, source: "wrangler", strategy: "percentage" }, null, 2));
    break;
  }
  case "versions view": {
    record();
    const name = envOf(target).worker;
    const version = state.workers[name]?.versions.find((v) => v.id === positional[2]);
    if (!version) apiError(`/workers/scripts/${name}/versions/${positional[2]}`, "version not found", 10000);
    out(JSON.stringify(version, null, 2));
    break;
  }
  case "deploy": {
    record();
    if (args.includes("--dry-run")) error("stand-in: --dry-run is not expected here");
    const config = JSON.parse(readFileSync(flag("--config"), "utf8"));
    for (const consumer of config.queues?.consumers ?? []) {
      if (!state.queues.includes(consumer.queue)) {
        error(`Queue "${consumer.queue}" does not exist. To create it, run: wrangler queues create ${consumer.queue}`);
      }
    }
    const d1 = config.d1_databases?.[0];
    const r2 = config.r2_buckets?.[0];
    if (d1 && !d1.database_id && !state.databases.some((d) => d.name === d1.database_name)) {
      out(`Provisioning ${d1.binding} (D1 Database)...\nResource name found in config: ${d1.database_name}`);
      out(`🌀 Creating new D1 Database "${d1.database_name}"...\n✨ ${d1.binding} provisioned 🎉`);
      state.counter += 1;
      state.databases.push({ uuid: `db-${state.counter}`, name: d1.database_name, migrations: [] });
    }
    if (r2 && !state.buckets.includes(r2.bucket_name)) {
      out(`Provisioning ${r2.binding} (R2 Bucket)...\n🌀 Creating new R2 Bucket "${r2.bucket_name}"...`);
      out(`✨ ${r2.binding} provisioned 🎉`);
      state.buckets.push(r2.bucket_name);
    }
    state.workers[config.name] ??= { secrets: {}, versions: [], deployment: null };
    const id = newVersion(state.workers[config.name], {
      "workers/tag": flag("--tag"),
      "workers/message": flag("--message"),
      "stand-in/build": readFileSync(path.join(path.dirname(flag("--config")), "index.js"), "utf8"),
    });
    save();
    out(`Uploaded ${config.name}\nDeployed ${config.name} triggers\nCurrent Version ID: ${id}`);
    break;
  }
  default:
    record();
    error(`stand-in wrangler: unexpected command: wrangler ${args.join(" ")}`);
}

#!/usr/bin/env bash
# Writes the D1 database's data to SQL: `npm run db:export` (local state) or
# `npm run db:export -- --remote [--env staging]`.
# The file lands in backups/ (gitignored), named by environment and UTC time.
set -euo pipefail
cd "$(dirname "$0")/.."
where="--local"; env_args=(--env local); name="local"
while [ $# -gt 0 ]; do
  case "$1" in
    --remote) where="--remote"; env_args=(); name="production" ;;
    --env) env_args=(--env "$2"); name="$2"; shift ;;
    *) echo "usage: npm run db:export -- [--remote] [--env staging|production]" >&2; exit 2 ;;
  esac
  shift
done
mkdir -p backups
out="backups/d1-${name}-$(date -u +%Y%m%dT%H%M%SZ).sql"
# The data of the ordinary tables, table by table, without the schema: D1 refuses to export a database
# as a whole once it holds FTS5 tables (the search indexes of migrations/0003_search.sql;
# cloudflare/workers-sdk#6305). The schema is the migrations, and the indexes are derived: restore =
# `wrangler d1 migrations apply` on an empty database, then `wrangler d1 execute --file` this dump
# (the triggers refill the indexes as the rows go in).
tables=$(wrangler d1 execute DB "$where" "${env_args[@]}" --json --command "PRAGMA table_list" < /dev/null |
  node -e '
    const [r] = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const data = (t) => t.schema === "main" && t.type === "table" && !/^(sqlite_|_cf_|d1_migrations$)/.test(t.name);
    console.log(r.results.filter(data).map((t) => t.name).join(" "));
  ')
table_args=()
for t in $tables; do table_args+=(--table "$t"); done
wrangler d1 export DB "$where" "${env_args[@]}" --no-schema "${table_args[@]}" --output "$out"
echo "wrote $out (data of: $tables)"

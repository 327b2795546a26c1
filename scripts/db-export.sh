#!/usr/bin/env bash
# Writes the D1 database to SQL: `npm run db:export` (local state) or `npm run db:export -- --remote [--env staging]`.
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
wrangler d1 export DB "$where" "${env_args[@]}" --output "$out"
echo "wrote $out"

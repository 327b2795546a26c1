#!/usr/bin/env bash
# Deploys Cosmic Lounge: for each target in order (default: staging, then production) it builds the
# bundle for that wrangler environment (CLOUDFLARE_ENV, as the Cloudflare Vite plugin expects), applies
# the remote D1 migrations, then deploys the built worker and assets. It stops at the first failure,
# so production is never deployed after a failed staging.
#
#   npm run deploy                     # staging, then production
#   npm run deploy -- staging          # one target
#   npm run deploy:check               # same builds, `wrangler deploy --dry-run`, no migrations, no login
#
# Each built configuration passes scripts/check-payments-config.mjs first: production must take
# payments in Transbank's production environment unless ALLOW_TEST_PAYMENTS_IN_PRODUCTION=1.
set -euo pipefail
cd "$(dirname "$0")/.."
# The Vite plugin writes the built worker and its deploy configuration here, whatever the target.
out=dist/cosmic_lounge

dry_run=0
targets=()
for arg in "$@"; do
  case "$arg" in
    --dry-run) dry_run=1 ;;
    staging | production) targets+=("$arg") ;;
    *) echo "usage: scripts/deploy.sh [--dry-run] [staging] [production]" >&2; exit 2 ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(staging production)

for target in "${targets[@]}"; do
  echo "== $target: build"
  CLOUDFLARE_ENV="$target" vite build --logLevel warn
  # Refuses a production target that would take test cards (ALLOW_TEST_PAYMENTS_IN_PRODUCTION=1 overrides).
  node scripts/check-payments-config.mjs "$out/wrangler.json" "$target"
  if [ "$dry_run" = 1 ]; then
    echo "== $target: wrangler deploy --dry-run"
    wrangler deploy --dry-run --config "$out/wrangler.json"
  else
    echo "== $target: remote D1 migrations"
    wrangler d1 migrations apply DB --remote --env "$target"
    echo "== $target: deploy"
    wrangler deploy --config "$out/wrangler.json"
  fi
done

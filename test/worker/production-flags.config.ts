import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// The link-preview suite again, inside a workerd running the PRODUCTION configuration's compatibility
// flags (global_fetch_strictly_public: fetch() may reach only the public internet). The local
// environment turns that flag off for the fake AI providers, so the main worker project cannot show
// it. Sign-in in these tests still uses the development provider (bindings below), not the flags.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        // The source entry: wrangler.toml's `main` is the built worker (for `wrangler dev`).
        main: path.join(root, "worker/index.ts"),
        // [env.production]: the top level of wrangler.toml is the local configuration, without the flag.
        wrangler: { configPath: path.join(root, "wrangler.toml"), environment: "production" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            AUTH_DEV_LOGIN: "1",
            APP_ENV: "local",
            ADMIN_EMAILS: "admin@example.com",
          },
        },
      }),
    ],
    // The worker renders pages with the client's routes (worker/pages.ts; vite.config.ts has the same alias).
    resolve: { alias: { "cosmic:server-render": path.join(root, "client/server-render.tsx") } },
    test: {
      name: "worker-production-flags",
      root: import.meta.dirname,
      include: ["link-preview.test.ts", "strictly-public-fetch.prod-test.ts"],
      setupFiles: ["./setup.ts"],
      globalSetup: ["./local-http-server.ts"],
    },
  };
});

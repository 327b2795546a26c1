import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// Worker tests run inside workerd with the local configuration's real D1, R2 and Durable Objects.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        // The source entry: wrangler.toml's `main` is the built worker (for `wrangler dev`).
        main: path.join(root, "worker/index.ts"),
        wrangler: { configPath: path.join(root, "wrangler.toml"), environment: "local" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // A test-only VAPID pair (npm run push:keys): push is on in the worker tests.
            VAPID_PUBLIC_KEY: "BIBqZppLh6Jk23Q6e6eRcRaTXsXT8hvmbTisvXz4Vf8F4OwrKd9j33kPufv9mEWDJEpx9ucH9YW_-MnewmXuJps",
            VAPID_PRIVATE_KEY: "rtQBktR6tUWFPQ91Vme8Ywh35Ebwkx1ljMlXBEH5BMk",
          },
        },
      }),
    ],
    // The worker renders pages with the client's routes (worker/pages.ts; vite.config.ts has the same alias).
    resolve: { alias: { "cosmic:server-render": path.join(root, "client/server-render.tsx") } },
    test: {
      name: "worker",
      root: import.meta.dirname,
      include: ["**/*.test.ts"],
      setupFiles: ["./setup.ts"],
      // The worker's one-line JSON request logs would drown the report; request-log.test.ts asserts them.
      onConsoleLog: (log: string) => !log.startsWith('{"time":'),
    },
  };
});

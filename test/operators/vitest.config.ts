import { defineConfig } from "vitest/config";

// The operators' tools on Node: the deploy script against a stand-in wrangler, the local state setting.
export default defineConfig({
  test: {
    name: "operators",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // wrangler's config reader warns about the top level's local-only vars; the tests read the deployed targets'.
    env: { WRANGLER_LOG: "error" },
  },
});

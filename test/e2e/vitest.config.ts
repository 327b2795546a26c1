import { defineConfig } from "vitest/config";

// End-to-end: real Chromium (playwright-core) against the real dev server (Vite + workerd).
export default defineConfig({
  test: {
    name: "e2e",
    root: import.meta.dirname,
    include: ["**/*.e2e.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // What a page shows after a write (a dialog closing once the router has loaded the screen again) can take
    // more than expect.poll's default second on the dev server (React's development build) on a busy machine.
    expect: { poll: { timeout: 5_000 } },
  },
});

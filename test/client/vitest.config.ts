import { realpathSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { searchForWorkspaceRoot } from "vite";
import { defineConfig } from "vitest/config";

const projectRoot = path.resolve(import.meta.dirname, "../..");

// Client tests: the components and stores in a DOM (jsdom) on React 19, as the app runs; the network
// is replaced at fetch().
export default defineConfig({
  plugins: [react()],
  // The PDF tests import a font file (`?url`, `?inline`): Vite serves files only from the project, and
  // node_modules may be a link to an install elsewhere (a git worktree sharing one).
  server: {
    fs: { allow: [searchForWorkspaceRoot(projectRoot), realpathSync(path.join(projectRoot, "node_modules"))] },
  },
  test: {
    name: "client",
    root: import.meta.dirname,
    include: ["**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./setup.ts"],
    // Longer than a find/waitFor's 5 s (setup.ts): a page that fails shows that wait's failure and the
    // errors it reported (checked after the test), not a bare timeout.
    testTimeout: 15_000,
  },
});

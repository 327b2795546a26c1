import path from "node:path";
import { defineConfig } from "vitest/config";
import { PREACT_AS_REACT } from "../../vite.config.ts";

// Client tests: the components and stores in a DOM (jsdom); the network is replaced at fetch(). They
// run on Preact as the app does (vite.config.ts). Testing Library (its ES module build) and React
// Router are transformed with the tests, not loaded by Node, so their `react`/`react-dom` imports go
// through the same aliases; Testing Library's `act` is then preact/test-utils' act.
export default defineConfig({
  resolve: {
    alias: [
      ...PREACT_AS_REACT,
      {
        find: /^@testing-library\/react$/,
        replacement: path.join(
          import.meta.dirname,
          "../../node_modules/@testing-library/react/dist/@testing-library/react.esm.js",
        ),
      },
    ],
  },
  oxc: { jsx: { runtime: "automatic" } },
  test: {
    name: "client",
    root: import.meta.dirname,
    include: ["**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./setup.ts"],
    server: { deps: { inline: [/@testing-library\/react/, "react-router"] } },
  },
});

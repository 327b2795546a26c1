import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Client tests: the components and stores in a DOM (jsdom) on React 19, as the app runs; the network
// is replaced at fetch().
export default defineConfig({
  plugins: [react()],
  test: {
    name: "client",
    root: import.meta.dirname,
    include: ["**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./setup.ts"],
  },
});

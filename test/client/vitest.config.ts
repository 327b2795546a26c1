import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Client tests: React components and stores in a DOM (jsdom); the network is replaced at fetch().
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

import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL here; wrangler applies it (dev, deploy) and the test setup reads it.
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema",
  out: "./migrations",
});

import { defineConfig } from "vitest/config";
import e2e from "./vitest.config";

// `npm run screenshots`: every screen at 390 and 1440 px into screenshots/ (the e2e server setup).
export default defineConfig({ test: { ...e2e.test, name: "screenshots", include: ["screenshots.capture.ts"] } });

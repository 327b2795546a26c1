import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = import.meta.dirname;

// The React bundle lives in client/; the Cloudflare plugin runs the worker in workerd during dev
// and builds it beside the assets. CLOUDFLARE_ENV=local selects wrangler.toml's [env.local].
// Local D1/R2/DO state lives where `wrangler d1 migrations apply --local` writes it (the project's
// .wrangler/state; root is client/, so the plugin's default would be client/.wrangler). The
// end-to-end suite runs its own server on a throwaway state directory.
const stateDir = process.env.COSMIC_STATE_DIR ?? path.join(root, ".wrangler/state");

/** What the landing page needs: also used by the app, kept out of the app's chunk. */
const START = [/\/client\/session\/session-store\.ts$/, /\/client\/(api|text|screens)\.ts$/, /\/client\/landing\/landing\.ts$/, /\/client\/components\/(test-mode-banner|format)\.ts$/, /\/client\/i18n\/(language|catalog)\.ts$/, /\/worker\/shared\//, /\/node_modules\/hono\//];
const APP_SHELL = [/\/node_modules\/(react|react-dom|react-router|scheduler)\//, /\/client\/(components|data|session)\//, /\/client\/(app|router)\.tsx$/, /\/client\/[\w-]+\/data\.ts$/];
const matches = (patterns: RegExp[]) => (id: string) => patterns.some((re) => re.test(id));

export default defineConfig({
  root: path.join(root, "client"),
  publicDir: path.join(root, "client/public"),
  plugins: [react(), cloudflare({ configPath: path.join(root, "wrangler.toml"), persistState: { path: stateDir } })],
  // Pre-bundled up front, so a first visit (or a lazily loaded jspdf/marked) never triggers a
  // dependency re-optimisation and full reload in the middle of a session.
  optimizeDeps: { include: ["react", "react-dom", "react-dom/client", "react-router", "react-router/dom", "hono/client", "jspdf", "marked"] },
  build: {
    outDir: path.join(root, "dist"),
    emptyOutDir: true,
    manifest: true,
    // Three layers: the start (the landing page, the session, the API client and texts), the app's
    // shell in one chunk (React, the router, the shared components and data layer), and one chunk per
    // screen. Left to itself the bundler cuts the shell into a dozen small chunks, each gzipped alone.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "start", test: matches(START), priority: 2 },
            { name: "app", test: matches(APP_SHELL), priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});

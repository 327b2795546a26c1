import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { indexInlineScript, landingTemplates } from "./client/landing/prerender";
import { localAppOrigin } from "./scripts/local-origin.mjs";
import { SCREEN_FILES_ID } from "./worker/shared/page-render";

const root = import.meta.dirname;

// The React bundle lives in client/; the Cloudflare plugin runs the worker in workerd during dev
// and builds it beside the assets. CLOUDFLARE_ENV=local selects wrangler.toml's [env.local].
// Local D1/R2/DO state lives where `wrangler d1 migrations apply --local` writes it (the project's
// .wrangler/state; root is client/, so the plugin's default would be client/.wrangler). The
// end-to-end suite runs its own server on a throwaway state directory.
const stateDir = process.env.COSMIC_STATE_DIR ?? path.join(root, ".wrangler/state");

/**
 * What the landing page needs, and the first requests the entry starts: also used by the app, kept out
 * of the app's chunk.
 */
const START = [
  /\/client\/session\/session-store\.ts$/,
  /\/client\/(api|text|screens|first-load)\.ts$/,
  /\/client\/lounge\/requests\.ts$/,
  /\/client\/components\/(format|icon-shapes)\.ts$/,
  /\/client\/i18n\/(language|catalog|pick-language)\.ts$/,
  /\/worker\/shared\/(texts|rules)\.ts$/,
  /\/node_modules\/hono\//,
];
const APP_SHELL = [
  /\/node_modules\/(react|react-dom|scheduler|react-router)\//,
  /\/client\/(app|router)\.tsx$/,
  // Every screen renders its title, and the shell and every screen load parts on demand: a chunk of their own
  // would be one more request on every first visit.
  /\/client\/components\/(PageTitle|on-demand)\.tsx$/,
  // The lounge, the chat, the library and the member menu draw links to items: 0.2 KB here, not a request.
  /\/worker\/shared\/item-links\.ts$/,
];
/**
 * A list loaded page by page (the lounge's feed and comments, the library, the audit log): its pages and its
 * "load more" in one chunk. Left to itself the bundler makes two, one more request on those screens' first load.
 */
const PAGED_LIST = [/\/client\/data\/(pages|infinite-scroll)\.ts$/, /\/client\/components\/LoadMore\.tsx$/];
/**
 * What the lounge's and the chat's items draw around their text (the menus' buttons, reactions, member names,
 * removed marks; the text's links and mentions): one chunk, not two, on both screens' first load.
 */
const CONVERSATION = [
  /\/client\/components\/(ItemMenu|Reactions|Removed|LazyReportModal|LinkifiedText)\.tsx$/,
  /\/client\/direct\/MemberMenu\.tsx$/,
  /\/client\/reactions\/requests\.ts$/,
  /\/worker\/shared\/mentions\.ts$/,
];
/**
 * The entry's stylesheet (theme and screens, 4 KB gz) goes inside index.html: a linked one blocks the
 * first paint for one more round trip on a phone's network (docs/client.md "Loading"). The file stays
 * in assets/ for anything that links it.
 */
const inlineEntryCss = (): Plugin => ({
  name: "cosmic-inline-entry-css",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (html, { bundle }) =>
      html.replace(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
        const css = bundle?.[file];
        return css?.type === "asset" ? `<style>${String(css.source)}</style>` : tag;
      }),
  },
});
/** Each screen's module by path (`"/app/lounge": { load: () => import("./lounge/LoungePage")`), read from client/screens.ts. */
const screenModules = (): Record<string, string> =>
  Object.fromEntries(
    [
      ...readFileSync(path.join(root, "client/screens.ts"), "utf8").matchAll(
        /"(\/[^"]*)": \{ load: \(\) => import\("\.\/([^"]+)"\)/g,
      ),
    ].map(([, pathname, module]) => [pathname, module]),
  );
/**
 * The landing page prerendered into index.html in every language, with the inline script that shows
 * the visitor's before the first paint, or on app paths preloads the app shell
 * (client/landing/prerender.ts; docs/client.md "Loading"). The built _headers' CSP allows that one
 * script by its hash; script-src stays 'self' otherwise. Build only: `vite dev` paints the landing
 * from the entry script, with the texts as they are being edited.
 */
const prerenderLanding = (): Plugin => {
  let scriptHash = "";
  return {
    name: "cosmic-prerender-landing",
    apply: "build",
    transformIndexHtml: {
      // After the bundle: on other paths the script preloads the app's shell, named by its hash.
      order: "post",
      handler: (html, { bundle }) => {
        const chunks = Object.values(bundle ?? {}).filter((file) => file.type === "chunk");
        const app = chunks.find((file) => file.name === "app");
        if (!app) throw new Error("prerenderLanding: no `app` chunk to preload");
        // Each screen's chunks beyond the entry's and the shell's, and its and the shell's stylesheets, by path
        // (client/screens.ts).
        const loaded = new Set([
          app.fileName,
          ...app.imports,
          ...chunks.filter((c) => c.isEntry).map((c) => c.fileName),
        ]);
        const screenFiles = Object.fromEntries(
          Object.entries(screenModules()).flatMap(([pathname, module]) => {
            const chunk = chunks.find((c) => c.facadeModuleId?.replace(/\.tsx?$/, "").endsWith(`/client/${module}`));
            if (!chunk) return [];
            const own = [chunk.fileName, ...chunk.imports].filter((file) => !loaded.has(file));
            // The shell's stylesheets too: the rendered screen is painted inside the shell before its chunk runs.
            const css = new Set([...(app.viteMetadata?.importedCss ?? []), ...(chunk.viteMetadata?.importedCss ?? [])]);
            return [[pathname, [...own, ...css]]];
          }),
        );
        const script = indexInlineScript([app.fileName, ...(app.viteMetadata?.importedCss ?? [])]);
        scriptHash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
        // The worker links a rendered page's screen files in its <head> (worker/pages.ts `screenLinks`).
        const files = `<script type="application/json" id="${SCREEN_FILES_ID}">${JSON.stringify(screenFiles)}</script>`;
        return html.replace(/<!-- landing:[^>]*-->/, `${landingTemplates()}<script>${script}</script>${files}`);
      },
    },
    writeBundle(options) {
      const headers = path.join(options.dir ?? "", "_headers");
      if (!existsSync(headers)) return;
      const text = readFileSync(headers, "utf8");
      if (!text.includes("script-src 'self';"))
        throw new Error("_headers: no `script-src 'self';` to allow the landing's script in");
      writeFileSync(headers, text.replace("script-src 'self';", `script-src 'self' ${scriptHash};`));
    },
  };
};
/**
 * hono's client (the typed API client, client/api.ts) imports hono's cookie serializer for its `cookie`
 * option, which sets a Cookie header: a header browsers never let a page set (the session cookie goes by
 * itself). In the browser's bundle that module is a stub that says so: 0.5 KB gz less on every first load;
 * the worker keeps hono's.
 */
const honoClientWithoutCookies = (): Plugin => ({
  name: "cosmic-hono-client-without-cookies",
  applyToEnvironment: (environment) => environment.name === "client",
  load: (id) =>
    id.endsWith("/node_modules/hono/dist/utils/cookie.js")
      ? 'export const serialize = () => { throw new Error("A browser does not let a page set a Cookie header"); };'
      : null,
});
/**
 * React Router's production build, so that the bundler can drop what the app does not use (3.8 KB gz of every
 * app route's first load with the app's own links, client/components/links.tsx; docs/client.md "Loading").
 * A call the bundler cannot prove free of side effects is kept, used or not: its warnings (`warning`,
 * `warnOnce`, `warningOnce`: console messages about misuse, with their long texts, 1.4 KB) and its components
 * made by `forwardRef` or `memo` (<Link>, <NavLink>, <Form>, and framework mode's prefetching that <Link>
 * carries) are marked pure, and the `displayName`s (labels for React's developer tools) go. Nothing React
 * Router runs for the app changes; in dev and in the client tests its development build runs, unchanged.
 * A React Router whose build these patterns no longer match leaves that code in: `npm run bench:bundles` (CI) then
 * fails on the chat's first load.
 */
const reactRouterProduction = (): Plugin => ({
  name: "cosmic-react-router-production",
  applyToEnvironment: (environment) => environment.name === "client",
  transform: (code, id) =>
    id.includes("/node_modules/react-router/dist/production/")
      ? {
          code: code
            .replace(
              /(?<!function )\b(warning|warnOnce|warningOnce|React\$1\.forwardRef|React\$1\.memo)\(/g,
              "/* @__PURE__ */ $1(",
            )
            .replace(/^\w+\.displayName = "\w+";$/gm, ""),
          // Lines stay where they were: the source maps stay true.
          map: null,
        }
      : null,
});
/**
 * The browser's theme colour has one source, the web manifest's `theme_color`: index.html gets its
 * `<meta name="theme-color">` from it (dev and build), so the page and the installed app never differ.
 */
const themeColorFromManifest = (): Plugin => ({
  name: "cosmic-theme-color-from-manifest",
  transformIndexHtml: () => {
    const manifest = JSON.parse(readFileSync(path.join(root, "client/public/manifest.webmanifest"), "utf8"));
    if (typeof manifest.theme_color !== "string") throw new Error("manifest.webmanifest: no theme_color");
    return [{ tag: "meta", attrs: { name: "theme-color", content: manifest.theme_color }, injectTo: "head" }];
  },
});
const matches = (patterns: RegExp[]) => (id: string) => patterns.some((re) => re.test(id));

/**
 * The port `vite dev` serves on (the config's, or --port's: this hook sees the command line merged in),
 * read before the Cloudflare plugin resolves the worker's configuration, which gives it to the worker
 * as APP_ORIGIN (scripts/local-origin.mjs) so links in local mail reach this server.
 */
const servedPort: { port?: number } = {};
const readServedPort = (): Plugin => ({
  name: "cosmic:served-port",
  config(config, { command }) {
    if (command === "serve") servedPort.port = config.server?.port;
  },
});

export default defineConfig({
  root: path.join(root, "client"),
  publicDir: path.join(root, "client/public"),
  // The worker renders the first screen with the client's routes (worker/pages.ts, worker/server-render.d.ts).
  resolve: { alias: { "cosmic:server-render": path.join(root, "client/server-render.tsx") } },
  plugins: [
    // React's JSX and, in dev, Fast Refresh.
    react(),
    readServedPort(),
    cloudflare({
      configPath: path.join(root, "wrangler.toml"),
      persistState: { path: stateDir },
      // wrangler.toml's `main` is the built worker, for `npx wrangler dev` (its [build] step runs this build): here
      // the worker is built, and served in dev, from its source.
      config: (worker) => ({
        main: path.join(root, "worker/index.ts"),
        ...(servedPort.port ? localAppOrigin(worker, servedPort.port) : undefined),
      }),
    }),
    themeColorFromManifest(),
    inlineEntryCss(),
    prerenderLanding(),
    honoClientWithoutCookies(),
    reactRouterProduction(),
  ],
  // Pre-bundled up front, so a first visit (or a lazily loaded jspdf/marked) never triggers a
  // dependency re-optimisation and full reload in the middle of a session.
  optimizeDeps: {
    include: [
      "react",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "react-dom",
      "react-dom/client",
      "react-router",
      "react-router/dom",
      "hono/client",
      "jspdf",
      "marked",
    ],
  },
  build: {
    outDir: path.join(root, "dist"),
    emptyOutDir: true,
    manifest: true,
    // No dependency map for preloading what a lazy chunk imports: the map (every lazy import's chunks
    // by file name) was 1.7-1.9 KB gz of every first load. A first visit does not wait for it: the
    // screen's chunk and its few small imports arrive while the app chunk (React and the router,
    // preloaded by index.html) is still downloading. Lighthouse on /app/lounge, 3 runs each, same
    // machine and load: LCP 3.1-3.3 s without the map, 3.3-3.7 s with it (docs/client.md "Loading").
    modulePreload: false,
    // Three layers: the start (the landing page, the session, the API client and texts), the app's
    // shell in one chunk (React, the router, the shared components and data layer), and one chunk per
    // screen. Left to itself the bundler cuts the shell into a dozen small chunks, each gzipped alone.
    // Two sets that several screens share are one chunk each for the same reason (PAGED_LIST, CONVERSATION).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "start", test: matches(START), priority: 2 },
            { name: "app", test: matches(APP_SHELL), priority: 1 },
            { name: "pages", test: matches(PAGED_LIST), priority: 1 },
            { name: "conversation", test: matches(CONVERSATION), priority: 1 },
          ],
        },
      },
    },
  },
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
});

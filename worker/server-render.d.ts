// The first screen's renderer is client code (client/server-render.tsx, aliased to this name in vite.config.ts and
// test/worker/vitest.config.ts): the worker's typecheck sees only its contract, not the client's DOM code.
declare module "cosmic:server-render" {
  export const renderPage: import("./shared/page-render").RenderPage;
}

declare module "*?raw" {
  const text: string;
  export default text;
}

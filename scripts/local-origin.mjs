// The address links in local mail start with. Mail is built in the queue's consumer, where no request
// tells the origin, so the worker reads it from APP_ORIGIN; under `vite dev` that is the port the server
// really serves on (PORT, or --port), never a fixed 5173. Pure, so the worker tests import it as it is.

/**
 * The worker configuration's change for `vite dev` on `port`: APP_ORIGIN follows the port in the local
 * configuration (APP_ENV "local") only; a deployed one keeps the origin it names (undefined: no change).
 * @param {{ vars?: Record<string, unknown> }} workerConfig
 * @param {number} port
 * @returns {{ vars: { APP_ORIGIN: string } } | undefined}
 */
export function localAppOrigin(workerConfig, port) {
  if (workerConfig.vars?.APP_ENV !== "local") return undefined;
  return { vars: { APP_ORIGIN: `http://localhost:${port}` } };
}

// The one switch between the product and its development tools (worker/dev/): scripts/check-imports.mjs lets no
// other production module import them. Each tool answers only where the configuration turns it on (the emulators
// with WEBPAY_ENV = "emulator" outside production, the sign-in with AUTH_DEV_LOGIN = "1", the outbox locally);
// everywhere else its routes answer 404.

import { faultRoutes } from "../dev/faults";
import { oneclickEmulatorRoutes } from "../dev/oneclick-emulator";
import { outboxRoutes } from "../dev/outbox";
import { devSignInRoutes } from "../dev/sign-in";
import { webpayEmulatorApp, webpayEmulatorRoutes } from "../dev/webpay-emulator";
import type { Env } from "../env";
import { createRouter } from "./create-app";

export { takeDevLoginCode } from "../dev/dev-login";
export { devLoginEnabled } from "../dev/sign-in";

/** The development tools' routes, mounted under /api by worker/app.ts. */
export const localDevelopmentRoutes = createRouter()
  .route("/", webpayEmulatorRoutes)
  .route("/", oneclickEmulatorRoutes)
  .route("/", devSignInRoutes)
  .route("/", outboxRoutes)
  .route("/", faultRoutes);

/** Transbank's REST API as the emulator answers it, in-process (the payments' adapters call it in emulator mode). */
export const emulatedTransbank = (env: Env) => (request: Request) =>
  Promise.resolve(webpayEmulatorApp.fetch(request, env));

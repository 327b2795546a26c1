// The development sign-in provider: stands in for Google when AUTH_DEV_LOGIN=1 (the local configuration), and does
// not exist otherwise. Any email and name sign in; the code it hands back is exchanged by POST /api/sessions.
import { z } from "zod";
import type { Env } from "../env";
import { createRouter } from "../platform/create-app";
import { notFound } from "../platform/errors";
import { signInLimited } from "../platform/rate-limit";
import { stateToken, validate } from "../platform/validate";
import { LIMITS } from "../shared/rules";
import { createDevLoginCode } from "./dev-login";

const DEV_CODE_TTL_MS = 5 * 60 * 1000;

export const devLoginEnabled = (env: Pick<Env, "AUTH_DEV_LOGIN">) => env.AUTH_DEV_LOGIN === "1";

const devAuthorizeQuery = z.object({
  email: z.email().max(254),
  name: z.string().trim().max(LIMITS.nameMax).optional(),
  state: stateToken,
});

export const devSignInRoutes = createRouter().get(
  "/auth/dev/authorize",
  async (c, next) => {
    if (!devLoginEnabled(c.env)) throw notFound();
    await next();
  },
  signInLimited("dev"),
  validate("query", devAuthorizeQuery),
  async (c) => {
    const { email, name, state } = c.req.valid("query");
    const code = await createDevLoginCode(c.var.db, { email, name: name || null }, DEV_CODE_TTL_MS);
    return c.redirect(`/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, 302);
  },
);

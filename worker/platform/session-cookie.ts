// Session cookies (the Lucia pattern): a random token in an HttpOnly cookie; only its SHA-256 is stored
// (the rows and their 30-day sliding expiry: worker/db/sessions.ts).
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv, Env } from "../env";
import { sha256Hex } from "./crypto";

/** `__Host-` binds the cookie to the exact origin over HTTPS; local http dev cannot use the prefix. */
export const sessionCookieName = (env: Pick<Env, "APP_ENV">) =>
  env.APP_ENV === "production" ? "__Host-session" : "session";

/** The session id (the SHA-256 of the token) of a well-formed token, or null. */
export async function sessionIdOf(token: string): Promise<string | null> {
  return /^[A-Za-z0-9_-]{20,100}$/.test(token) ? sha256Hex(token) : null;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  setCookie(c, sessionCookieName(c.env), token, {
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context<AppEnv>) {
  deleteCookie(c, sessionCookieName(c.env), { path: "/", secure: true });
}

export const readSessionCookie = (c: Context<AppEnv>) => getCookie(c, sessionCookieName(c.env));

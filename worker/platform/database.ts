import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { getDb } from "../db/client";
import type { AppEnv } from "../env";

const BOOKMARK_COOKIE = "d1_bookmark";

/**
 * Every request reads through a D1 session (read replicas near the member) that starts at the
 * bookmark of the member's previous request, so a member always reads their own writes.
 */
export const databaseSession = createMiddleware<AppEnv>(async (c, next) => {
  const bookmark = getCookie(c, BOOKMARK_COOKIE);
  const session = c.env.DB.withSession(bookmark && /^[\w-]{1,200}$/.test(bookmark) ? bookmark : "first-unconstrained");
  c.set("db", getDb(session));
  await next();
  const latest = session.getBookmark();
  if (latest && latest !== bookmark) {
    setCookie(c, BOOKMARK_COOKIE, latest, {
      httpOnly: true,
      secure: true,
      sameSite: "Lax",
      path: "/api",
      maxAge: 60 * 60,
    });
  }
});

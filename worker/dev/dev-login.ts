// The development sign-in's one-time codes (AUTH_DEV_LOGIN=1 only): stored by their SHA-256, used once.
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client";
import { devLoginCodes } from "../db/schema";
import { randomToken, sha256Hex } from "../platform/crypto";

/** Stores a new code for `identity`, valid for `ttlMs`; returns the code (only its hash is kept). */
export async function createDevLoginCode(
  db: Database,
  identity: { email: string; name: string | null },
  ttlMs: number,
) {
  const code = randomToken();
  await db.insert(devLoginCodes).values({
    codeHash: await sha256Hex(code),
    email: identity.email,
    name: identity.name,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return code;
}

/** Uses a code up: the identity it was made for, or undefined when it is unknown, used or expired. */
export async function takeDevLoginCode(db: Database, code: string) {
  const [row] = await db
    .delete(devLoginCodes)
    .where(and(eq(devLoginCodes.codeHash, await sha256Hex(code)), gt(devLoginCodes.expiresAt, new Date())))
    .returning();
  return row ? { email: row.email, name: row.name } : undefined;
}

// `npm run dev` runs this after the local migrations: one line offering sample data on an empty lounge.
// It reads the local D1 files directly (read-only, node:sqlite), which takes milliseconds; starting
// workerd for one count would add seconds to every `npm run dev`.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { stateDir } from "./local-state.mjs";

const dir = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite")) : [];

function lounged(file) {
  const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
  try {
    return (
      db
        .prepare(
          "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM posts) + (SELECT count(*) FROM channels) AS n",
        )
        .get().n > 0
    );
  } catch {
    return false; // not the lounge's database, or not migrated yet
  } finally {
    db.close();
  }
}

if (!files.some(lounged)) {
  console.log(
    "The local lounge is empty: `npm run db:seed` fills it with a sample bilingual community (sign in as " +
      "admin@example.com or luna@example.com).",
  );
}

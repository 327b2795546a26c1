// What a member owns is listed once (worker/features/account/member-data.ts), and the export and the deletion follow
// it: a new table that names a member fails here until the list says what both rights do with it.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MEMBER_DATA } from "../../worker/features/account/member-data";
import { call, db, json } from "./helpers";
import { EMAILS, IDS, seedWorld } from "./seed";

type Reference = { column: string; toUsers: boolean };

/** Every table with a column that names a member: a foreign key to users, a user_id, or an email. */
async function tablesNamingAMember(): Promise<Map<string, Reference[]>> {
  const tables = await db().all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'
      and name not like '%!_fts%' escape '!' and name <> 'd1_migrations'`,
  );
  const found = new Map<string, Reference[]>();
  for (const { name } of tables) {
    const keys = await db().all<{ table: string; from: string }>(sql.raw(`pragma foreign_key_list("${name}")`));
    const columns = await db().all<{ name: string }>(sql.raw(`pragma table_info("${name}")`));
    const refs: Reference[] = [
      ...keys.filter((k) => k.table === "users").map((k) => ({ column: k.from, toUsers: true })),
      ...columns
        .filter((c) => /(^|_)user_id$|(^|_)email$/.test(c.name) && !keys.some((k) => k.from === c.name))
        .map((c) => ({ column: c.name, toUsers: false })),
    ];
    if (refs.length) found.set(name, refs);
  }
  return found;
}

describe("what a member owns", () => {
  it("lists every table that names a member, with what the export and the deletion do with it", async () => {
    const naming = [...(await tablesNamingAMember()).keys()].sort();
    expect(naming.filter((t) => !(t in MEMBER_DATA))).toEqual([]);
    expect(Object.keys(MEMBER_DATA).filter((t) => !naming.includes(t))).toEqual([]);
  });

  it("the export has every section the list names", async () => {
    const world = await seedWorld();
    const exported = await json(await call("/api/profile/export", { cookie: world.cookie.paid }));
    const sections = Object.values(MEMBER_DATA).flatMap((d) => ("section" in d.export ? [d.export.section] : []));
    expect(sections.filter((s) => !(s in exported))).toEqual([]);
  });

  it("deleting an account leaves none of its rows in the tables listed as deleted", async () => {
    const world = await seedWorld();
    const deleted = await call("/api/profile", {
      method: "DELETE",
      cookie: world.cookie.paid,
      json: { confirm: EMAILS.paid },
    });
    expect(deleted.status).toBe(200);
    const naming = await tablesNamingAMember();
    const left: string[] = [];
    for (const [table, handling] of Object.entries(MEMBER_DATA)) {
      if (handling.deletion !== "deleted") continue;
      for (const ref of naming.get(table) ?? []) {
        const value = ref.column.endsWith("email") ? EMAILS.paid : IDS.paid;
        const [{ n }] = await db().all<{ n: number }>(
          sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(ref.column)} = ${value}`,
        );
        if (n > 0) left.push(`${table}.${ref.column}: ${n}`);
      }
    }
    expect(left).toEqual([]);
  });
});

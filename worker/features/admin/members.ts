// A member looked up by the admins' and moderators' routes: their row, or the spec's 404.
import type { Database } from "../../db/client";
import { notFound } from "../../platform/errors";
import { TEXTS } from "../../shared/texts";
import { getMember } from "./queries/admin";

/** The member as the dashboard lists them, or 404. */
export async function memberOr404(db: Database, id: number) {
  const member = await getMember(db, id);
  if (!member) throw notFound(TEXTS.admin.memberNotFound);
  return member;
}

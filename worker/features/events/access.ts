// Who is reading an event (a member, a paying member, an admin), and an event that must exist.
import type { Database } from "../../db/client";
import { getMembership } from "../../db/memberships";
import { notFound } from "../../platform/errors";
import { hasPaidAccess } from "../../shared/rules";
import { API_ERRORS } from "../../shared/texts";
import { type EventRow, getEvent, type Viewer } from "./queries/events";

export async function viewerOf(db: Database, user: { id: number; role: string }): Promise<Viewer> {
  const admin = user.role === "admin";
  return { id: user.id, admin, paid: admin || hasPaidAccess((await getMembership(db, user)).status) };
}

export async function existingEvent(db: Database, id: number): Promise<EventRow> {
  const row = await getEvent(db, id);
  if (!row) throw notFound(API_ERRORS.event_not_found);
  return row;
}

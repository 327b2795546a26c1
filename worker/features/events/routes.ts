// Events: admins create, edit and cancel; members read and answer (paid-only events only
// with a membership, decided here like the library); the meeting link goes only to members going.
// The cover image (uploaded or AI) is served through this router to whoever may see the event.
import { marked } from "marked";
import { z } from "zod";
import { recordAudit } from "../../db/audit";
import type { Database } from "../../db/client";
import { requireAdmin, requireUser } from "../../platform/auth";
import { deleteCoverBlob } from "../../platform/covers";
import { createRouter } from "../../platform/create-app";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { idempotent } from "../../platform/idempotency";
import { requireUnmuted } from "../../platform/mute";
import { limited } from "../../platform/rate-limit";
import { sanitizeHtml } from "../../platform/sanitize-html";
import { serveBlob } from "../../platform/storage";
import { idParam, oneLineNameInput, rowId, timeZoneInput, validate } from "../../platform/validate";
import { instantOf, LOCAL_TIME, localTimeOf } from "../../platform/zoned-time";
import { toCsv } from "../../shared/csv";
import {
  type AttendeeDto,
  EVENT_DEFAULT_TIME_ZONE,
  EVENT_LIMITS,
  EVENT_LOCATIONS,
  EVENT_REPEATS,
  RSVP_ANSWERS,
  type RsvpResult,
} from "../../shared/events";
import { DEFAULT_NAME, LIMITS } from "../../shared/rules";
import { API_ERRORS } from "../../shared/texts";
import { aiImageFields, limitAiCalls } from "../ai/index";
import { notifyAnswerers, notifyLater } from "../notifications/index";
import { getProgramRow } from "../programs/index";
import { existingEvent, viewerOf } from "./access";
import { generateCover, removeCover, uploadCover } from "./covers";
import { answerEvent, listAttendees } from "./queries/answers";
import {
  cancelEvent,
  cancelOccurrence,
  createEvent,
  type EventFields,
  type EventRow,
  getEventDto,
  isLockedFor,
  listEvents,
  seriesOf,
  updateEvent,
} from "./queries/events";
import { occurrencesOf } from "./recurrence";

const localTime = z.string().regex(LOCAL_TIME, API_ERRORS.event_time_invalid);
const httpUrl = z
  .string()
  .trim()
  .max(LIMITS.urlMax)
  .refine((v) => {
    try {
      return ["http:", "https:"].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, API_ERRORS.event_meeting_url_invalid);

/** Absent stays absent (an edit leaves the field alone); empty is null (cleared). */
const optionalText = <T extends z.ZodType<string>>(schema: T) =>
  schema.nullish().transform((v) => (v === undefined ? undefined : v || null));

/** Every field's rules, without defaults: an edit sends only what changes. */
const fieldRules = {
  title: oneLineNameInput(EVENT_LIMITS.titleMax, {
    required: API_ERRORS.event_title_required,
    tooLong: API_ERRORS.event_title_too_long,
    invalid: API_ERRORS.event_title_invalid,
  }),
  description: z.string().trim().max(EVENT_LIMITS.descriptionMax),
  start_local: localTime,
  end_local: localTime,
  time_zone: timeZoneInput,
  location: z.enum(EVENT_LOCATIONS),
  place: optionalText(z.string().trim().max(EVENT_LIMITS.placeMax)),
  meeting_url: optionalText(httpUrl),
  capacity: z.number().int().min(1).max(EVENT_LIMITS.capacityMax).nullish(),
  paid_only: z.boolean(),
  /** A cohort's event: the program's id (null: everyone's). */
  program_id: rowId.nullish(),
  repeat: z.enum(EVENT_REPEATS).nullish(),
  repeat_until: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, API_ERRORS.event_repeat_until_required)
    .nullish(),
};

const createBody = z.object({
  ...fieldRules,
  description: fieldRules.description.default(""),
  time_zone: fieldRules.time_zone.default(EVENT_DEFAULT_TIME_ZONE),
  paid_only: fieldRules.paid_only.default(false),
});
type EventInput = z.output<typeof createBody>;

const editBody = z.object(fieldRules).partial();

/** The stored fields of a full input: instants from the wall-clock times in the zone, the markdown made safe HTML. */
async function storedFields(input: EventInput): Promise<Omit<EventFields, "hostId">> {
  const startsAt = instantOf(input.time_zone, input.start_local);
  const endsAt = instantOf(input.time_zone, input.end_local);
  if (startsAt === null || endsAt === null) throw badRequest(API_ERRORS.event_time_invalid);
  if (endsAt <= startsAt) throw badRequest(API_ERRORS.event_end_before_start);
  if (endsAt - startsAt > EVENT_LIMITS.durationMaxMs) throw badRequest(API_ERRORS.event_too_long);
  if (input.location === "in_person" && !input.place) throw badRequest(API_ERRORS.event_place_required);
  const repeat = input.repeat ?? null;
  let repeatUntil: number | null = null;
  let lastEndsAt = endsAt;
  if (repeat) {
    // Until the end of that day in the event's zone.
    repeatUntil = input.repeat_until ? instantOf(input.time_zone, `${input.repeat_until}T23:59`) : null;
    if (repeatUntil === null) throw badRequest(API_ERRORS.event_repeat_until_required);
    if (repeatUntil < startsAt) throw badRequest(API_ERRORS.event_repeat_until_before_start);
    const all = occurrencesOf({ startsAt, endsAt, timeZone: input.time_zone, repeat, repeatUntil });
    if (all.length > EVENT_LIMITS.occurrencesMax) throw badRequest(API_ERRORS.event_repeat_too_long);
    lastEndsAt = all[all.length - 1].endsAt;
  }
  return {
    title: input.title,
    description: input.description,
    descriptionHtml: input.description ? await sanitizeHtml(await marked.parse(input.description)) : "",
    startsAt: new Date(startsAt),
    endsAt: new Date(endsAt),
    timeZone: input.time_zone,
    location: input.location,
    place: input.place ?? null,
    meetingUrl: input.meeting_url ?? null,
    capacity: input.capacity ?? null,
    paidOnly: input.paid_only,
    programId: input.program_id ?? null,
    repeat,
    repeatUntil: repeatUntil === null ? null : new Date(repeatUntil),
    lastEndsAt: new Date(lastEndsAt),
  };
}

/** A cohort's event names a program that exists (400 otherwise: the foreign key would refuse it). */
async function programOr400(db: Database, programId: number | null | undefined) {
  if (programId && !(await getProgramRow(db, programId))) throw badRequest(API_ERRORS.program_not_found);
}

/** An edit is the stored event with the given fields replaced, checked as a whole. */
const inputOf = (row: EventRow): EventInput => ({
  title: row.title,
  description: row.description,
  start_local: localTimeOf(row.timeZone, row.startsAt.getTime()),
  end_local: localTimeOf(row.timeZone, row.endsAt.getTime()),
  time_zone: row.timeZone,
  location: row.location,
  place: row.place,
  meeting_url: row.meetingUrl,
  capacity: row.capacity,
  paid_only: row.paidOnly,
  program_id: row.programId,
  repeat: row.repeat,
  repeat_until: row.repeatUntil ? localTimeOf(row.timeZone, row.repeatUntil.getTime()).slice(0, 10) : null,
});

const listQuery = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  order: z.enum(["asc", "desc"]).default("asc"),
  limit: z.coerce.number().int().min(1).max(EVENT_LIMITS.pageMax).default(EVENT_LIMITS.pageDefault),
  cursor: z
    .string()
    .regex(/^\d{1,16}_\d{1,16}$/)
    .optional(),
  program: rowId.optional(),
});

const coverForm = z.object({
  file: z
    .instanceof(File, { message: API_ERRORS.event_cover_required })
    .refine((f) => f.size > 0, API_ERRORS.event_cover_required),
});

const attendeesQuery = z.object({ format: z.enum(["json", "csv"]).default("json") });

/** The event as the admin who just wrote it sees it (it exists: the write found it). */
async function writtenEvent(db: Database, user: { id: number; role: string }, id: number) {
  const event = await getEventDto(db, await viewerOf(db, user), id);
  if (!event) throw notFound(API_ERRORS.event_not_found);
  return event;
}

/** The audit entry of a cover set or removed. */
const recordCoverChange = (
  c: { var: { db: Database; user: { id: number } } },
  id: number,
  cover: "uploaded" | "generated" | "removed",
) =>
  recordAudit(c.var.db, {
    actorId: c.var.user.id,
    action: "event.update",
    targetType: "event",
    targetId: id,
    after: { cover },
  });

export const eventRoutes = createRouter()
  .get("/events", requireUser, validate("query", listQuery), async (c) => {
    const q = c.req.valid("query");
    const viewer = await viewerOf(c.var.db, c.var.user);
    return c.json(
      await listEvents(c.var.db, viewer, {
        from: q.from ? Date.parse(q.from) : undefined,
        to: q.to ? Date.parse(q.to) : undefined,
        order: q.order,
        limit: q.limit,
        cursor: q.cursor,
        program: q.program,
      }),
    );
  })
  .post("/events", requireAdmin, limited("adminWrites"), validate("json", createBody), async (c) => {
    const fields = await storedFields(c.req.valid("json"));
    await programOr400(c.var.db, fields.programId);
    const row = await createEvent(c.var.db, c.var.user.id, { ...fields, hostId: c.var.user.id });
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "event.create",
      targetType: "event",
      targetId: row.id,
      after: { starts_at: row.startsAt.toISOString(), time_zone: row.timeZone, capacity: row.capacity },
    });
    return c.json(await writtenEvent(c.var.db, c.var.user, row.id), 201);
  })
  .get("/events/:id", requireUser, validate("param", idParam), async (c) => {
    const viewer = await viewerOf(c.var.db, c.var.user);
    const event = await getEventDto(c.var.db, viewer, c.req.valid("param").id);
    if (!event) throw notFound(API_ERRORS.event_not_found);
    return c.json(event);
  })
  .put(
    "/events/:id",
    requireAdmin,
    limited("adminWrites"),
    validate("param", idParam),
    validate("json", editBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const before = await existingEvent(c.var.db, id);
      if (before.cancelledAt) throw conflict(API_ERRORS.event_cancelled);
      const changes = Object.fromEntries(Object.entries(c.req.valid("json")).filter(([, v]) => v !== undefined));
      if (Object.keys(changes).length === 0) throw badRequest(API_ERRORS.profile_empty);
      const fields = await storedFields({ ...inputOf(before), ...changes });
      await programOr400(c.var.db, fields.programId);
      const row = await updateEvent(c.var.db, id, fields);
      if (!row) throw conflict(API_ERRORS.event_cancelled);
      const moved =
        row.startsAt.getTime() !== before.startsAt.getTime() || row.endsAt.getTime() !== before.endsAt.getTime();
      if (moved)
        notifyLater(c, () =>
          notifyAnswerers(c.var.db, {
            eventId: id,
            kind: "event_moved",
            actorId: c.var.user.id,
            detail: row.startsAt.toISOString(),
          }),
        );
      await recordAudit(c.var.db, {
        actorId: c.var.user.id,
        action: "event.update",
        targetType: "event",
        targetId: id,
        before: { starts_at: before.startsAt.toISOString(), capacity: before.capacity, sequence: before.sequence },
        after: { starts_at: row.startsAt.toISOString(), capacity: row.capacity, sequence: row.sequence },
      });
      return c.json(await writtenEvent(c.var.db, c.var.user, id));
    },
  )
  .delete("/events/:id", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await existingEvent(c.var.db, id);
    const cancelled = await cancelEvent(c.var.db, id);
    if (!cancelled) throw conflict(API_ERRORS.event_cancelled);
    // The event's record stays for calendars and answers; its cover goes with the deletion.
    await deleteCoverBlob(c.env.BLOBS, cancelled.coverKey);
    notifyLater(c, () => notifyAnswerers(c.var.db, { eventId: id, kind: "event_cancelled", actorId: c.var.user.id }));
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "event.cancel",
      targetType: "event",
      targetId: id,
      after: { cancelled: true, sequence: cancelled.row.sequence },
    });
    return c.json(await writtenEvent(c.var.db, c.var.user, id));
  })
  // The cover: admins upload, generate or remove it; it is served only to those who may see the event.
  .get("/events/:id/cover", requireUser, validate("param", idParam), async (c) => {
    const row = await existingEvent(c.var.db, c.req.valid("param").id);
    if (isLockedFor(row, await viewerOf(c.var.db, c.var.user))) throw forbidden(API_ERRORS.event_members_only);
    if (!row.coverKey) throw notFound(API_ERRORS.event_cover_not_found);
    // A replaced cover has a new address (cover_url), so this one may be kept.
    return serveBlob(c.req.raw, c.env.BLOBS, row.coverKey, { cacheControl: "private, max-age=604800, immutable" });
  })
  .put(
    "/events/:id/cover",
    requireAdmin,
    limited("uploads"),
    validate("param", idParam),
    validate("form", coverForm),
    async (c) => {
      const { id } = c.req.valid("param");
      const { file } = c.req.valid("form");
      await existingEvent(c.var.db, id);
      await uploadCover(c.var.db, c.env.BLOBS, id, file);
      await recordCoverChange(c, id, "uploaded");
      return c.json(await writtenEvent(c.var.db, c.var.user, id));
    },
  )
  .post(
    "/events/:id/cover/generate",
    requireAdmin,
    validate("param", idParam),
    validate("json", z.object(aiImageFields)),
    limitAiCalls,
    async (c) => {
      const { id } = c.req.valid("param");
      const event = await existingEvent(c.var.db, id);
      if (event.cancelledAt) throw conflict(API_ERRORS.event_cancelled);
      await generateCover(c.var.db, c.env, id, c.req.valid("json"));
      await recordCoverChange(c, id, "generated");
      return c.json(await writtenEvent(c.var.db, c.var.user, id));
    },
  )
  .delete("/events/:id/cover", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await existingEvent(c.var.db, id);
    await removeCover(c.var.db, c.env.BLOBS, id);
    await recordCoverChange(c, id, "removed");
    return c.json(await writtenEvent(c.var.db, c.var.user, id));
  })
  // One date of a recurring event cancelled; everyone who answered is told.
  .delete(
    "/events/:id/occurrences/:startsAt",
    requireAdmin,
    limited("adminWrites"),
    validate("param", z.object({ id: rowId, startsAt: z.iso.datetime({ offset: true }) })),
    async (c) => {
      const { id, startsAt: startsAtText } = c.req.valid("param");
      const startsAt = Date.parse(startsAtText);
      const row = await existingEvent(c.var.db, id);
      if (row.cancelledAt) throw conflict(API_ERRORS.event_cancelled);
      if (!occurrencesOf(seriesOf(row)).some((o) => o.startsAt === startsAt))
        throw notFound(API_ERRORS.event_occurrence_not_found);
      if (!(await cancelOccurrence(c.var.db, id, startsAt))) throw conflict(API_ERRORS.event_occurrence_cancelled);
      const occurrence = new Date(startsAt).toISOString();
      notifyLater(c, () =>
        notifyAnswerers(c.var.db, { eventId: id, kind: "event_cancelled", actorId: c.var.user.id, detail: occurrence }),
      );
      await recordAudit(c.var.db, {
        actorId: c.var.user.id,
        action: "event.cancel",
        targetType: "event",
        targetId: id,
        after: { occurrence, cancelled: true },
      });
      return c.json(await writtenEvent(c.var.db, c.var.user, id));
    },
  )
  .post(
    "/events/:id/rsvp",
    requireUser,
    idempotent,
    requireUnmuted,
    limited("rsvps"),
    validate("param", idParam),
    validate("json", z.object({ status: z.enum(RSVP_ANSWERS) })),
    async (c) => {
      const { id } = c.req.valid("param");
      const { status } = c.req.valid("json");
      const event = await existingEvent(c.var.db, id);
      if (isLockedFor(event, await viewerOf(c.var.db, c.var.user))) throw forbidden(API_ERRORS.event_members_only);
      if (event.cancelledAt) throw conflict(API_ERRORS.event_cancelled);
      if (event.lastEndsAt.getTime() <= Date.now()) throw conflict(API_ERRORS.event_over);
      const answer = await answerEvent(c.var.db, { eventId: id, userId: c.var.user.id, answer: status });
      // As in an edit: the promotion's notifications are written; their live sockets are told.
      const result: RsvpResult = {
        status,
        waitlisted: answer.status === "waitlisted",
        going_count: answer.goingCount,
      };
      return c.json(result);
    },
  )
  .get(
    "/events/:id/attendees",
    requireAdmin,
    validate("param", idParam),
    validate("query", attendeesQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      await existingEvent(c.var.db, id);
      const attendees: AttendeeDto[] = (await listAttendees(c.var.db, id)).map((a) => ({
        user_id: a.userId,
        name: a.name || DEFAULT_NAME,
        email: a.email,
        status: a.status,
        responded_at: a.respondedAt.toISOString(),
      }));
      if (c.req.valid("query").format === "csv") {
        const csv = toCsv(
          ["name", "email", "status", "responded_at"],
          attendees.map((a) => [a.name, a.email, a.status, a.responded_at]),
        );
        return c.body(csv, 200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="event-${id}-attendees.csv"`,
        });
      }
      return c.json({ attendees });
    },
  );

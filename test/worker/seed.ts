// A small world for the authorization matrix, the bad-input suite and the fault tests, written straight
// into D1 and R2 (no sign-in round trips, so the sign-in rate limit never gets in the way).
import type { Hono } from "hono";
import {
  calendarFeeds,
  channelInvitations,
  channelMembers,
  channels,
  comments,
  events,
  lessonUploads,
  memberships,
  messages,
  notices,
  payments,
  plans,
  posts,
  practiceEntries,
  programEnrolments,
  programLessons,
  programs,
  reportReasons,
  reports,
  resources,
  sessions,
  users,
  webpayEmulatorTransactions,
} from "../../worker/db/schema";
import { sha256Hex } from "../../worker/platform/crypto";
import { db, testEnv } from "./helpers";

export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);

/** The callers of the matrix, in its column order. `owner` owns the seeded post, channels, message and resource. */
export const CALLERS = ["anon", "member", "paid", "owner", "admin"] as const;
export type Caller = (typeof CALLERS)[number];

export const IDS = {
  admin: 1,
  member: 2, // signed in, no membership
  paid: 3, // paying member; a member of the private channel
  owner: 4, // paying member; owns the post, both channels, the image message and the resource
  victim: 5, // a member with no session (admin actions target them); has a pending payment
  post: 1,
  comment: 1,
  notice: 1,
  publicChannel: 1,
  privateChannel: 2,
  imageMessage: 1,
  resource: 1,
  payment: 1,
  /** An open report of the seeded comment, filed by `paid`. */
  report: 1,
  /** The owner's pending invitation of an email with no account to the private channel. */
  invitation: 1,
  /** An upcoming event open to every member, and one for paying members only. */
  event: 1,
  paidEvent: 2,
  /** A published program open to every member (lessons all open), its one lesson with audio, the owner enrolled. */
  program: 1,
  lesson: 1,
  /** The owner's practice log entry. */
  practice: 1,
} as const;

export const EMAILS: Record<Exclude<Caller, "anon"> | "victim", string> = {
  admin: "admin@example.com",
  member: "member@example.com",
  paid: "paid@example.com",
  owner: "owner@example.com",
  victim: "victim@example.com",
};

export const WEBPAY_TX = "a".repeat(64);
/** The owner's calendar feed token (GET /api/calendar/:token.ics). */
export const CALENDAR_TOKEN = "c".repeat(43);
export const RESOURCE_KEY = "resources/seed/file";
export const LESSON_MEDIA_KEY = "lessons/seed/audio";
/** A lesson upload in progress (its row only: no R2 multipart upload behind it). */
export const LESSON_UPLOAD_ID = "seed-upload";
export const MESSAGE_IMAGE_KEY = "chat/seed/image";
/** A generated notice image, as newBlobKey("ai") names it. */
export const AI_IMAGE_PATH = "2026-01/seedSeedSeedSeedSeedSeed";

export type World = { cookie: Record<Caller, string | undefined> };

const tokenOf = (caller: string) => `seed-session-token-for-${caller}-0123456789`;

/** Writes the world; returns each caller's Cookie header (none for anon). */
export async function seedWorld(): Promise<World> {
  const d = db();
  const future = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  const people = (["admin", "member", "paid", "owner", "victim"] as const).map((who) => ({
    id: IDS[who],
    email: EMAILS[who],
    name: who[0].toUpperCase() + who.slice(1),
    role: who === "admin" ? ("admin" as const) : ("member" as const),
  }));
  const sessionRows = await Promise.all(
    (["admin", "member", "paid", "owner"] as const).map(async (who) => ({
      id: await sha256Hex(tokenOf(who)),
      userId: IDS[who],
      expiresAt: future,
      userAgent: "seed",
    })),
  );
  await d.batch([
    d.insert(users).values(people),
    d.insert(sessions).values(sessionRows),
    d.insert(memberships).values([
      { userId: IDS.paid, nextPaymentDue: future },
      { userId: IDS.owner, nextPaymentDue: future },
    ]),
    d.insert(posts).values({ id: IDS.post, authorId: IDS.owner, content: "Owner's post", commentsCount: 1 }),
    d.insert(comments).values({ id: IDS.comment, postId: IDS.post, authorId: IDS.member, content: "A comment" }),
    d.insert(notices).values({ id: IDS.notice, title: "Notice", content: "<p>Hello</p>", authorId: IDS.admin }),
    d.insert(channels).values([
      { id: IDS.publicChannel, name: "Public", isPrivate: false, createdBy: IDS.owner },
      { id: IDS.privateChannel, name: "Private", isPrivate: true, createdBy: IDS.owner },
    ]),
    d.insert(channelMembers).values({ channelId: IDS.privateChannel, userId: IDS.paid }),
    d.insert(channelInvitations).values({
      id: IDS.invitation,
      channelId: IDS.privateChannel,
      email: "invitee@example.com",
      invitedBy: IDS.owner,
    }),
    d.insert(messages).values({
      id: IDS.imageMessage,
      channelId: IDS.privateChannel,
      senderId: IDS.owner,
      body: "[Image: a.png]",
      imageKey: MESSAGE_IMAGE_KEY,
    }),
    d.insert(resources).values({
      id: IDS.resource,
      title: "Guide",
      fileKey: RESOURCE_KEY,
      fileName: "guide.txt",
      fileType: "text/plain",
      fileSize: 5,
      ownerId: IDS.owner,
      ownerName: "Owner",
    }),
    d.insert(payments).values({
      id: IDS.payment,
      userId: IDS.victim,
      userEmail: EMAILS.victim,
      amountClp: 15000,
      buyOrder: "SEEDORDER1",
      sessionId: "seed-session",
    }),
    d.insert(reports).values({ id: IDS.report, kind: "comment", targetId: IDS.comment }),
    d.insert(reportReasons).values({ reportId: IDS.report, reporterId: IDS.paid, reason: "spam" }),
    d.insert(events).values(
      [IDS.event, IDS.paidEvent].map((id) => ({
        id,
        uid: `seed-${id}@cosmic-lounge`,
        title: `Event ${id}`,
        startsAt: future,
        endsAt: new Date(future.getTime() + 3600 * 1000),
        lastEndsAt: new Date(future.getTime() + 3600 * 1000),
        timeZone: "America/Santiago",
        location: "online" as const,
        meetingUrl: "https://meet.example.com/seed",
        hostId: IDS.admin,
        paidOnly: id === IDS.paidEvent,
      })),
    ),
    d.insert(calendarFeeds).values({ userId: IDS.owner, tokenHash: await sha256Hex(CALENDAR_TOKEN) }),
    d.insert(programs).values({
      id: IDS.program,
      title: "Seed program",
      timeZone: "America/Santiago",
      publishedAt: new Date(),
    }),
    d.insert(programLessons).values({
      id: IDS.lesson,
      programId: IDS.program,
      position: 1,
      title: "Seed lesson",
      body: "Breathe",
      bodyHtml: "<p>Breathe</p>",
      mediaKey: LESSON_MEDIA_KEY,
      mediaType: "audio/ogg",
      mediaKind: "audio",
      mediaSize: 16,
    }),
    d.insert(programEnrolments).values({
      programId: IDS.program,
      userId: IDS.owner,
      startedAt: new Date(),
      timeZone: "America/Santiago",
      lastActiveAt: new Date(),
    }),
    d.insert(practiceEntries).values({ id: IDS.practice, userId: IDS.owner, practisedOn: "2026-01-01", minutes: 10 }),
    d.insert(lessonUploads).values({
      uploadId: LESSON_UPLOAD_ID,
      lessonId: IDS.lesson,
      key: "lessons/seed/upload",
      size: 100,
      fileName: "upload.ogg",
      declaredType: "audio/ogg",
    }),
    d.insert(webpayEmulatorTransactions).values({
      token: WEBPAY_TX,
      buyOrder: "SEEDORDER2",
      sessionId: "s",
      amount: 15000,
      returnUrl: "http://localhost/api/payments/webpay/return",
    }),
  ]);
  await testEnv.BLOBS.put(RESOURCE_KEY, "hello", {
    httpMetadata: { contentType: "text/plain" },
    customMetadata: { fileName: "guide.txt" },
  });
  await testEnv.BLOBS.put(`ai/${AI_IMAGE_PATH}`, PNG, {
    httpMetadata: { contentType: "image/png" },
    customMetadata: { fileName: "notice.png" },
  });
  await testEnv.BLOBS.put(
    LESSON_MEDIA_KEY,
    new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
    {
      httpMetadata: { contentType: "audio/ogg" },
      customMetadata: { fileName: "seed.ogg" },
    },
  );
  await testEnv.BLOBS.put(MESSAGE_IMAGE_KEY, PNG, {
    httpMetadata: { contentType: "image/png" },
    customMetadata: { fileName: "a.png" },
  });
  const cookie = { anon: undefined } as Record<Caller, string | undefined>;
  for (const who of ["admin", "member", "paid", "owner"] as const) cookie[who] = `session=${tokenOf(who)}`;
  return { cookie };
}

/** "METHOD /path" of every route the app serves (middleware entries, method ALL, left out). */
export function appRoutes(app: Hono<any, any, any>): string[] {
  const out = new Set<string>();
  for (const r of app.routes) if (r.method !== "ALL") out.add(`${r.method} ${r.path}`);
  return [...out];
}

/** Row counts of every table and the number of R2 objects: what a refused request must leave as it was. */
export async function snapshot(options: { exclude?: string[] } = {}) {
  const exclude = new Set(["d1_migrations", ...(options.exclude ?? [])]);
  const tables = (
    await testEnv.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>()
  ).results
    .map((r) => r.name)
    .filter((t) => !exclude.has(t))
    .sort();
  const counts: Record<string, number> = {};
  const rows = await testEnv.DB.batch(tables.map((t) => testEnv.DB.prepare(`SELECT count(*) AS n FROM "${t}"`)));
  tables.forEach((t, i) => {
    counts[t] = (rows[i].results[0] as { n: number }).n;
  });
  let objects = 0;
  let cursor: string | undefined;
  do {
    const page = await testEnv.BLOBS.list({ cursor });
    objects += page.objects.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  counts["r2:objects"] = objects;
  return counts;
}

/** The plans migration 0032 seeds (the worker tests start from empty tables): monthly 15,000 CLP, yearly 150,000 CLP. */
export async function seedPlans(updatedAt = new Date(0)) {
  await db()
    .insert(plans)
    .values([
      { id: "monthly", name: "Monthly", amountClp: 15000, periodDays: 30, position: 0, updatedAt },
      { id: "yearly", name: "Yearly", amountClp: 150000, periodDays: 365, position: 1, updatedAt },
    ]);
}

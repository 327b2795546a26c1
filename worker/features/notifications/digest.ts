// The email digest, opt-in daily or weekly: the hourly run sends it to the members for whom it
// is 8:00 now in their time zone (Mondays for the weekly one), naming what is new since their last one:
// their unread notifications, the lounge's new posts and new notices. Nothing new, nothing sent (the next
// digest covers the longer span). Each goes once however many runs race: see claimDigest.
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { localTimeOf } from "../../platform/zoned-time";
import type { DeliveryJob } from "../../shared/delivery-jobs";
import { notificationUrl } from "../../shared/notifications";
import { enqueue } from "./deliver";
import { buildDigestEmail } from "./email/build";
import { deliveryTargets } from "./queries/deliveries";
import { claimDigest, type DigestMember, digestContents, digestMembers } from "./queries/digest";
import { dateIn, wordsFor, zoneOf } from "./texts";

/** The local hour a digest goes out at. */
export const DIGEST_HOUR = 8;
const HOUR_MS = 60 * 60 * 1000;
const PERIOD_MS = { daily: 24 * HOUR_MS, weekly: 7 * 24 * HOUR_MS };
/**
 * A digest is due only when the last one is older than this: once per local day (consecutive 8:00s are 23 to
 * 25 hours apart across clock changes) or week, even if the hourly cron runs twice in the 8 o'clock hour.
 */
const MIN_GAP_MS = { daily: 20 * HOUR_MS, weekly: 6 * 24 * HOUR_MS };

/** Whether `now` is in the member's 8 o'clock hour (on a Monday for the weekly digest). */
export function isDigestHour(member: Pick<DigestMember, "digest" | "timezone">, now: number) {
  const local = localTimeOf(zoneOf(member.timezone), now);
  if (Number(local.slice(11, 13)) !== DIGEST_HOUR) return false;
  if (member.digest === "daily") return true;
  const [year, month, day] = local.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 1;
}

async function digestOf(env: Env, db: Database, member: DigestMember, now: number): Promise<DeliveryJob | null> {
  const since = member.sentAt ?? now - PERIOD_MS[member.digest];
  const contents = await digestContents(db, member.userId, since);
  if (contents.unreadCount === 0 && contents.postCount === 0 && contents.notices.length === 0) return null;
  if (!(await claimDigest(db, member.userId, member.sentAt, now))) return null;
  const words = wordsFor(member.language);
  const date = dateIn(member.language, member.timezone);
  const listed = await deliveryTargets(db, contents.notificationIds);
  const email = await buildDigestEmail({ origin: env.APP_ORIGIN, tokenSecret: env.EMAIL_TOKEN_SECRET }, member, {
    period: member.digest,
    since,
    notifications: listed
      .sort((a, b) => b.id - a.id)
      .map((target) => ({ line: words.line(target, date), path: notificationUrl(target) })),
    unreadCount: contents.unreadCount,
    postCount: contents.postCount,
    notices: contents.notices,
  });
  return { type: "email", email };
}

/** The hourly run: queues the digests due now; counts what it sent and what it skipped for want of news. */
export async function sendDigests(env: Env, db: Database, now: number) {
  const due = (await digestMembers(db)).filter(
    (m) => isDigestHour(m, now) && (m.sentAt === null || now - m.sentAt >= MIN_GAP_MS[m.digest]),
  );
  const jobs: DeliveryJob[] = [];
  for (const member of due) {
    const job = await digestOf(env, db, member, now);
    if (job) jobs.push(job);
  }
  await enqueue(env, jobs);
  return { due: due.length, sent: jobs.length, skipped: due.length - jobs.length };
}

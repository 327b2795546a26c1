// Members' rights over their data (Chile's Law 21.719 on personal data): everything about a member as one JSON
// document, and deleting their account, each following what ../member-data.ts says of every table. What deletion
// removes, anonymises and keeps is written once in TEXTS.account.deletionSummary (shown before the member confirms)
// and in docs/moderation.md.
import { and, asc, eq, inArray, or } from "drizzle-orm";
import { listBlocks } from "../../../db/blocks";
import type { Database } from "../../../db/client";
import { getMembership } from "../../../db/memberships";
import {
  channelMembers,
  channels,
  comments,
  devLoginCodes,
  messages,
  payments,
  postLikes,
  posts,
  reportReasons,
  reports,
  resources,
} from "../../../db/schema";
import { toUserDto } from "../../../db/users";
import type { SessionUser } from "../../../env";
import { messageImagePath } from "../../../shared/api-paths";
import { TEXTS } from "../../../shared/texts";
import { memberDeletion, notLastAdmin } from "../../admin/index";
import { rsvpsOf } from "../../events/index";
import { reactionsByMember } from "../../lounge/index";
import { findEnrolment, trialAndPausesOf } from "../../payments/index";
import { practiceExportQuery, programsExport, toPracticeDto } from "../../programs/index";
import type { ExportSection } from "../member-data";
import { getProfile, listActiveSessions } from "./profile";

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * Everything the app holds about the member, readable: their account and profile, membership, every
 * post, comment and chat message (hidden ones too, with the moderator's reason), likes, payments,
 * sessions (a handle, never the token), channels they created or joined, resources they uploaded,
 * reports they filed, their answers to events, their reactions, the members they blocked (their setting
 * for direct messages is in `user`), their auto-renew enrolment (never its tbk_user), their free trial and their
 * pauses.
 */
export async function exportAccount(db: Database, user: SessionUser, currentSessionId: string) {
  const userId = user.id;
  const [
    profile,
    membership,
    sessionList,
    postRows,
    commentRows,
    messageRows,
    likeRows,
    paymentRows,
    channelRows,
    joinedRows,
    resourceRows,
    reportRows,
    eventAnswers,
    enrolment,
    reactionRows,
    blockRows,
    programRows,
    practiceRows,
    trialAndPauses,
  ] = await Promise.all([
    getProfile(db, userId),
    getMembership(db, user),
    listActiveSessions(db, userId, currentSessionId),
    db
      .select({
        id: posts.id,
        content: posts.content,
        created_at: posts.createdAt,
        likes_count: posts.likesCount,
        comments_count: posts.commentsCount,
        hidden_at: posts.hiddenAt,
        hidden_reason: posts.hiddenReason,
      })
      .from(posts)
      .where(eq(posts.authorId, userId))
      .orderBy(asc(posts.id)),
    db
      .select({
        id: comments.id,
        post_id: comments.postId,
        content: comments.content,
        created_at: comments.createdAt,
        hidden_at: comments.hiddenAt,
        hidden_reason: comments.hiddenReason,
      })
      .from(comments)
      .where(eq(comments.authorId, userId))
      .orderBy(asc(comments.id)),
    db
      .select({
        id: messages.id,
        group_id: messages.channelId,
        channel_name: channels.name,
        body: messages.body,
        image_key: messages.imageKey,
        created_at: messages.createdAt,
        hidden_at: messages.hiddenAt,
        hidden_reason: messages.hiddenReason,
      })
      .from(messages)
      .innerJoin(channels, eq(channels.id, messages.channelId))
      .where(eq(messages.senderId, userId))
      .orderBy(asc(messages.id)),
    db
      .select({ post_id: postLikes.postId, created_at: postLikes.createdAt })
      .from(postLikes)
      .where(eq(postLikes.userId, userId))
      .orderBy(asc(postLikes.createdAt)),
    db
      .select({
        id: payments.id,
        plan: payments.plan,
        amount_clp: payments.amountClp,
        status: payments.status,
        provider: payments.provider,
        buy_order: payments.buyOrder,
        email: payments.userEmail,
        created_at: payments.createdAt,
        settled_at: payments.settledAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.id)),
    db
      .select({
        id: channels.id,
        name: channels.name,
        description: channels.description,
        is_private: channels.isPrivate,
        created_at: channels.createdAt,
      })
      .from(channels)
      .where(eq(channels.createdBy, userId))
      .orderBy(asc(channels.id)),
    db
      .select({ id: channels.id, name: channels.name, joined_at: channelMembers.createdAt })
      .from(channelMembers)
      .innerJoin(channels, eq(channels.id, channelMembers.channelId))
      .where(eq(channelMembers.userId, userId))
      .orderBy(asc(channels.id)),
    db
      .select({
        id: resources.id,
        title: resources.title,
        description: resources.description,
        file_name: resources.fileName,
        created_at: resources.createdAt,
      })
      .from(resources)
      .where(eq(resources.ownerId, userId))
      .orderBy(asc(resources.id)),
    db
      .select({
        kind: reports.kind,
        target_id: reports.targetId,
        reason: reportReasons.reason,
        details: reportReasons.details,
        created_at: reportReasons.createdAt,
      })
      .from(reportReasons)
      .innerJoin(reports, eq(reports.id, reportReasons.reportId))
      .where(eq(reportReasons.reporterId, userId))
      .orderBy(asc(reportReasons.createdAt)),
    rsvpsOf(db, userId),
    findEnrolment(db, userId),
    reactionsByMember(db, userId),
    listBlocks(db, userId),
    programsExport(db, userId),
    practiceExportQuery(db, userId),
    trialAndPausesOf(db, userId),
  ]);
  return {
    exported_at: new Date(),
    user: toUserDto(user),
    profile: {
      goals: parseJson(profile.goals),
      interests: parseJson(profile.interests),
      socials: parseJson(profile.socials),
    },
    membership,
    posts: postRows,
    comments: commentRows,
    messages: messageRows.map(({ image_key, ...m }) => ({
      ...m,
      image_url: image_key ? messageImagePath(m.id) : null,
    })),
    likes: likeRows,
    payments: paymentRows,
    sessions: sessionList,
    channels_created: channelRows,
    channels_joined: joinedRows,
    resources_uploaded: resourceRows,
    reports_filed: reportRows,
    reactions: reactionRows,
    event_answers: eventAnswers.map((a) => ({
      event_id: a.eventId,
      title: a.title,
      starts_at: a.startsAt,
      status: a.status,
      answered_at: a.respondedAt,
    })),
    // The card as Transbank described it; the tbk_user token stays out, even encrypted.
    auto_renew: enrolment
      ? {
          enabled: enrolment.status === "active",
          status: enrolment.status,
          card_type: enrolment.cardType,
          card_number: enrolment.cardNumber,
          since: enrolment.createdAt,
        }
      : null,
    trial: trialAndPauses.trial,
    pauses: trialAndPauses.pauses,
    blocks: blockRows,
    programs: programRows.enrolments,
    lesson_progress: programRows.progress,
    practice_log: practiceRows.map(toPracticeDto),
  } satisfies { [section in ExportSection]: unknown } & { exported_at: Date };
}

/**
 * Deletes the member's account in one atomic batch (see TEXTS.account.deletionSummary):
 * - anonymised, kept: their payment records (email replaced, user link cut by the foreign key) for
 *   the accounting period (MODERATION.paymentRecordsKeptYears), and the library resources they
 *   uploaded (uploader's name replaced);
 * - deleted: reports about their content, then everything deleteMember removes (the account,
 *   profile, sessions, membership, posts with their comments and likes, their comments, likes and
 *   messages, channel memberships and the reports they filed), and pending dev sign-in codes.
 * Their chat images are removed from R2 by the caller after the commit.
 */
export async function deleteAccount(db: Database, user: Pick<SessionUser, "id" | "email">): Promise<boolean> {
  const userId = user.id;
  // Every statement applies only while the user is not the last admin (see notLastAdmin); false when refused.
  const allowed = notLastAdmin(userId);
  const theirs = or(
    and(
      eq(reports.kind, "post"),
      inArray(reports.targetId, db.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId))),
    ),
    and(
      eq(reports.kind, "comment"),
      inArray(reports.targetId, db.select({ id: comments.id }).from(comments).where(eq(comments.authorId, userId))),
    ),
    // Comments of other members on the member's posts go with the posts, and so do reports about them.
    and(
      eq(reports.kind, "comment"),
      inArray(
        reports.targetId,
        db
          .select({ id: comments.id })
          .from(comments)
          .innerJoin(posts, eq(posts.id, comments.postId))
          .where(eq(posts.authorId, userId)),
      ),
    ),
    and(
      eq(reports.kind, "message"),
      inArray(reports.targetId, db.select({ id: messages.id }).from(messages).where(eq(messages.senderId, userId))),
    ),
  );
  const [, , , , ...deletion] = await db.batch([
    db
      .update(payments)
      .set({ userEmail: TEXTS.account.formerMember })
      .where(and(eq(payments.userId, userId), allowed)),
    db
      .update(resources)
      .set({ ownerName: TEXTS.account.formerMember })
      .where(and(eq(resources.ownerId, userId), allowed)),
    db.delete(reports).where(and(theirs, allowed)),
    db.delete(devLoginCodes).where(and(eq(devLoginCodes.email, user.email), allowed)),
    ...memberDeletion(db, userId),
  ]);
  const [, , , deleted] = deletion;
  return deleted.length > 0;
}

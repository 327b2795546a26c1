// Lounge queries: the post feed, likes, comments and cosmic notices (docs/spec.md §3, §4).
// Every list is ONE query (authors joined, the caller's like as an EXISTS), whatever its size; every
// write that touches a counter recomputes it from its table inside the same batch (one transaction).
import { and, desc, eq, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { hasBlocked } from "../../../db/blocks";
import type { Database } from "../../../db/client";
import { reactionsOf } from "../../../db/reaction-counts";
import { comments, notices, postLikes, posts, users } from "../../../db/schema";
import { isHidden, reasonForAuthor, shownText } from "../../moderation/index";

/** A member's id: a number, or SQL reading it from the session in the same batch (sessionMemberSql). */
type ViewerId = number | SQL<number>;

const likedBy = (viewerId: ViewerId) =>
  sql<boolean>`exists(select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id}
    and ${postLikes.userId} = ${viewerId})`.mapWith((v) => Boolean(Number(v)));

/** The viewer blocked the author: the client collapses the item. */
const blockedByViewer = (viewerId: ViewerId, authorId: SQLWrapper) =>
  hasBlocked(viewerId, authorId).mapWith((v) => Boolean(Number(v)));

/** The Post of docs/spec.md §3 as the API sends it (what a moderator hid reads as removed). */
const postFields = (viewerId: ViewerId) => ({
  id: posts.id,
  content: shownText(posts.content, posts.hiddenAt),
  created_at: posts.createdAt,
  author_id: posts.authorId,
  author_name: users.name,
  author_avatar: users.avatarUrl,
  author_role: users.role,
  likes_count: posts.likesCount,
  comments_count: posts.commentsCount,
  is_liked: likedBy(viewerId),
  hidden: isHidden(posts.hiddenAt),
  hidden_reason: reasonForAuthor(viewerId, posts.authorId, posts.hiddenReason),
  edited_at: posts.editedAt,
  reactions: reactionsOf("post", sql.raw(`"posts"."id"`), viewerId),
  author_blocked: blockedByViewer(viewerId, posts.authorId),
});

const likesCountOf = (postId: number) => sql`(select count(*) from ${postLikes} where ${postLikes.postId} = ${postId})`;
const commentsCountOf = (postId: number) =>
  sql`(select count(*) from ${comments} where ${comments.postId} = ${postId})`;

/**
 * Newest first; `before` is the id cursor (posts with a smaller id). One query, a primary-key range
 * (the first page too: its cursor is "below the largest id"), whatever the number of posts.
 */
export function listPosts(db: Database, viewerId: ViewerId, page: { before?: number; limit: number }) {
  return db
    .select(postFields(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(lt(posts.id, page.before ?? Number.MAX_SAFE_INTEGER))
    .orderBy(desc(posts.id))
    .limit(page.limit);
}
export type PostDto = Awaited<ReturnType<typeof listPosts>>[number];

export async function getPostDto(db: Database, viewerId: number, postId: number): Promise<PostDto | undefined> {
  const [row] = await db
    .select(postFields(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

export async function findPost(db: Database, postId: number) {
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId, hiddenAt: posts.hiddenAt })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row;
}

export async function createPost(db: Database, authorId: number, content: string) {
  const [row] = await db.insert(posts).values({ authorId, content }).returning({ id: posts.id });
  return row.id;
}

/** The post with its likes and comments, all or nothing. */
export async function deletePost(db: Database, postId: number) {
  await db.batch([
    db.delete(postLikes).where(eq(postLikes.postId, postId)),
    db.delete(comments).where(eq(comments.postId, postId)),
    db.delete(posts).where(eq(posts.id, postId)),
  ]);
}

/**
 * Sets the caller's like to `liked` (one row per user and post) and recomputes the post's counter from
 * post_likes in the same transaction; returns the state actually stored. Repeating it, or running it
 * twice at once, leaves the row and the counter consistent.
 */
export async function setLike(db: Database, postId: number, userId: number, liked: boolean): Promise<boolean> {
  const mine = and(eq(postLikes.postId, postId), eq(postLikes.userId, userId));
  const [, , state] = await db.batch([
    liked ? db.insert(postLikes).values({ postId, userId }).onConflictDoNothing() : db.delete(postLikes).where(mine),
    db
      .update(posts)
      .set({ likesCount: likesCountOf(postId) })
      .where(eq(posts.id, postId)),
    db.select({ postId: postLikes.postId }).from(postLikes).where(mine).limit(1),
  ]);
  return state.length > 0;
}

export async function isLiked(db: Database, postId: number, userId: number) {
  const rows = await db
    .select({ postId: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The Comment of docs/spec.md §3 as the API sends it (what a moderator hid reads as removed). */
const commentFields = (viewerId: number) => ({
  id: comments.id,
  content: shownText(comments.content, comments.hiddenAt),
  created_at: comments.createdAt,
  author_id: comments.authorId,
  author_name: users.name,
  author_avatar: users.avatarUrl,
  author_role: users.role,
  hidden: isHidden(comments.hiddenAt),
  hidden_reason: reasonForAuthor(viewerId, comments.authorId, comments.hiddenReason),
  edited_at: comments.editedAt,
  reactions: reactionsOf("comment", sql.raw(`"comments"."id"`), viewerId),
  author_blocked: blockedByViewer(viewerId, comments.authorId),
});

/** Oldest first, the latest `limit` comments of a post. One query. */
export async function listComments(db: Database, viewerId: number, postId: number, limit: number) {
  const rows = await db
    .select(commentFields(viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.postId, postId))
    .orderBy(desc(comments.id))
    .limit(limit);
  return rows.reverse();
}

export async function findComment(db: Database, commentId: number) {
  const [row] = await db
    .select({ id: comments.id, postId: comments.postId, authorId: comments.authorId, hiddenAt: comments.hiddenAt })
    .from(comments)
    .where(eq(comments.id, commentId))
    .limit(1);
  return row;
}

/** One comment as the API sends it to `viewerId`. */
export async function getCommentDto(db: Database, viewerId: number, commentId: number) {
  const [row] = await db
    .select(commentFields(viewerId))
    .from(comments)
    .innerJoin(users, eq(users.id, comments.authorId))
    .where(eq(comments.id, commentId));
  return row;
}

/** Deletes a comment and recomputes its post's comment counter in the same transaction. */
export async function deleteComment(db: Database, comment: { id: number; postId: number }) {
  await db.batch([
    db.delete(comments).where(eq(comments.id, comment.id)),
    db
      .update(posts)
      .set({ commentsCount: commentsCountOf(comment.postId) })
      .where(eq(posts.id, comment.postId)),
  ]);
}

/** Adds a comment and recomputes the post's comment counter in the same transaction. */
export async function addComment(db: Database, postId: number, authorId: number, content: string) {
  const [inserted] = await db.batch([
    db.insert(comments).values({ postId, authorId, content }).returning({ id: comments.id }),
    db
      .update(posts)
      .set({ commentsCount: commentsCountOf(postId) })
      .where(eq(posts.id, postId)),
  ]);
  return getCommentDto(db, authorId, inserted[0].id);
}

const noticeFields = {
  id: notices.id,
  title: notices.title,
  content: notices.content,
  image_url: notices.imageUrl,
  is_pinned: notices.isPinned,
  author_name: users.name,
  created_at: notices.createdAt,
};

/** Pinned first, then newest. One query. */
export function listNotices(db: Database, limit: number) {
  return db
    .select(noticeFields)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.authorId))
    .orderBy(desc(notices.isPinned), desc(notices.id))
    .limit(limit);
}

export async function createNotice(
  db: Database,
  authorId: number,
  notice: { title: string; content: string; imageUrl: string | null; isPinned: boolean },
) {
  const [{ id }] = await db
    .insert(notices)
    .values({ ...notice, authorId })
    .returning({ id: notices.id });
  const [row] = await db
    .select(noticeFields)
    .from(notices)
    .leftJoin(users, eq(users.id, notices.authorId))
    .where(eq(notices.id, id));
  return row;
}

/** Deletes a notice; returns its title, or null when there was none. */
export async function deleteNotice(db: Database, id: number) {
  const [deleted] = await db.delete(notices).where(eq(notices.id, id)).returning({ title: notices.title });
  return deleted ?? null;
}

/** True when a write failed because the post it refers to is gone (deleted meanwhile). */
export const isMissingParent = (err: unknown) =>
  err instanceof Error &&
  /FOREIGN KEY constraint failed/i.test(String(err.message) + String((err as { cause?: unknown }).cause ?? ""));

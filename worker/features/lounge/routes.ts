// The Lounge (docs/spec.md §2, §4, §5, §7): posts, likes, comments and the Cosmic Notice Board.
// Reading needs a signed-in user, no membership; notices are written by admins only.
import { z } from "zod";
import { recordAudit } from "../../db/audit";
import { editText } from "../../db/edits";
import { requireAdmin, requireUser, requireUserInBatch, withSessionBatch } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { badRequest, conflict, forbidden, notFound } from "../../platform/errors";
import { idempotent } from "../../platform/idempotency";
import { requireUnmuted } from "../../platform/mute";
import { limited } from "../../platform/rate-limit";
import { isBlankHtml, sanitizeHtml } from "../../platform/sanitize-html";
import { idParam, rowId, validate } from "../../platform/validate";
import { LOUNGE_LIMITS } from "../../shared/lounge-rules";
import { readsWithin } from "../../shared/mentions";
import { LIMITS } from "../../shared/rules";
import { API_ERRORS as E, TEXTS } from "../../shared/texts";
import { notifyComment, notifyLater, notifyLike, notifyMentions, notifyPinnedNotice } from "../notifications/index";
import {
  addComment,
  createNotice,
  createPost,
  deleteComment,
  deleteNotice,
  deletePost,
  findComment,
  findPost,
  getCommentDto,
  getPostDto,
  isLiked,
  isMissingParent,
  listComments,
  listNotices,
  listPosts,
  setLike,
} from "./queries/lounge";

const T = TEXTS.lounge;

const feedQuery = z.object({
  before: rowId.optional(),
  limit: z.coerce.number().int().min(1).max(LOUNGE_LIMITS.postsPageMax).default(LIMITS.postsPageDefault),
});

const postBody = z.object({
  content: z
    .string(T.postRequired)
    .trim()
    .min(1, T.postRequired)
    .max(LIMITS.postMax * 2, T.postTooLong)
    .refine(readsWithin(LIMITS.postMax), T.postTooLong),
});

const commentBody = z.object({
  content: z.string(T.commentRequired).trim().min(1, T.commentRequired).max(LIMITS.commentMax, T.commentTooLong),
});

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

const noticeBody = z.object({
  title: z.string(T.noticeTitleRequired).trim().min(1, T.noticeTitleRequired).max(LIMITS.noticeTitleMax),
  content: z.string(T.noticeContentRequired).trim().min(1, T.noticeContentRequired).max(LOUNGE_LIMITS.noticeContentMax),
  image_url: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z.string().trim().max(LIMITS.urlMax).refine(isHttpUrl, T.noticeImageUrlInvalid).nullable().optional(),
  ),
  is_pinned: z.boolean().optional().default(false),
});

/** The post, or 404. */
async function requirePost(db: Parameters<typeof findPost>[0], id: number) {
  const post = await findPost(db, id);
  if (!post) throw notFound(T.postNotFound);
  return post;
}

/** The post, or 404; 409 when a moderator hid it (no new likes or comments on removed content). */
async function requireOpenPost(db: Parameters<typeof findPost>[0], id: number) {
  const post = await requirePost(db, id);
  if (post.hiddenAt) throw conflict(TEXTS.moderation.hiddenNoInteraction);
  return post;
}

/** An edit's checks: the author only (admins included), never content a moderator removed. */
function assertEditable(item: { authorId: number; hiddenAt: Date | null }, userId: number) {
  if (item.authorId !== userId) throw forbidden(E.edit_not_author);
  if (item.hiddenAt) throw conflict(E.removed_not_editable);
}

/** The comment, or 404. */
async function requireComment(db: Parameters<typeof findComment>[0], id: number) {
  const comment = await findComment(db, id);
  if (!comment) throw notFound(E.comment_not_found);
  return comment;
}

/** Runs a write that refers to a post; a post deleted meanwhile (foreign key) answers 404, not 500. */
async function onPost<R>(write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (err) {
    if (isMissingParent(err)) throw notFound(T.postNotFound);
    throw err;
  }
}

export const loungeRoutes = createRouter()
  // The feed's page: the session and the posts in one D1 round trip.
  .get("/posts", requireUserInBatch, validate("query", feedQuery), async (c) => {
    const { before, limit } = c.req.valid("query");
    const {
      results: [page],
    } = await withSessionBatch(c, (member) => [listPosts(c.var.db, member.id, { before, limit })]);
    return c.json(page);
  })
  /** One post as the feed shows it: a search result or a notification opens it in context. */
  .get("/posts/:id", requireUser, validate("param", idParam), async (c) => {
    const post = await getPostDto(c.var.db, c.var.user.id, c.req.valid("param").id);
    if (!post) throw notFound(T.postNotFound);
    return c.json(post);
  })
  .post("/posts", requireUser, idempotent, requireUnmuted, limited("posts"), validate("json", postBody), async (c) => {
    const { content } = c.req.valid("json");
    const id = await createPost(c.var.db, c.var.user.id, content);
    notifyLater(c, () => notifyMentions(c.var.db, { text: content, actorId: c.var.user.id, postId: id }));
    const post = await getPostDto(c.var.db, c.var.user.id, id);
    // Deleted between the insert and this read (by its author on another device, or a moderator).
    if (!post) throw notFound(T.postNotFound);
    return c.json(post, 201);
  })
  .delete("/posts/:id", requireUser, limited("postDeletes"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const post = await requirePost(c.var.db, id);
    const user = c.var.user;
    if (post.authorId !== user.id && user.role !== "admin") throw forbidden();
    await deletePost(c.var.db, id);
    return c.json({ success: true });
  })
  /** Its author edits a post: the same limits; the earlier text is kept for moderators. */
  .patch(
    "/posts/:id",
    requireUser,
    requireUnmuted,
    limited("edits"),
    validate("param", idParam),
    validate("json", postBody),
    async (c) => {
      const { id } = c.req.valid("param");
      assertEditable(await requirePost(c.var.db, id), c.var.user.id);
      const { content } = c.req.valid("json");
      const before = await editText(c.var.db, "post", { id, authorId: c.var.user.id, text: content });
      if (before !== null)
        notifyLater(c, () => notifyMentions(c.var.db, { text: content, actorId: c.var.user.id, postId: id, before }));
      const post = await getPostDto(c.var.db, c.var.user.id, id);
      if (!post) throw notFound(T.postNotFound);
      return c.json(post);
    },
  )
  .post("/posts/:id/like", requireUser, requireUnmuted, limited("likes"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await requireOpenPost(c.var.db, id);
    const wasLiked = await isLiked(c.var.db, id, c.var.user.id);
    const liked = await onPost(() => setLike(c.var.db, id, c.var.user.id, !wasLiked));
    if (liked && !wasLiked) notifyLater(c, () => notifyLike(c.var.db, { postId: id, actorId: c.var.user.id }));
    return c.json({ liked });
  })
  .get("/posts/:id/comments", requireUser, validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    await requirePost(c.var.db, id);
    return c.json(await listComments(c.var.db, c.var.user.id, id, LOUNGE_LIMITS.commentsListMax));
  })
  .post(
    "/posts/:id/comments",
    requireUser,
    idempotent,
    requireUnmuted,
    limited("comments"),
    validate("param", idParam),
    validate("json", commentBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { content } = c.req.valid("json");
      await requireOpenPost(c.var.db, id);
      const comment = await onPost(() => addComment(c.var.db, id, c.var.user.id, content));
      notifyLater(c, () => notifyComment(c.var.db, { postId: id, commentId: comment.id, actorId: c.var.user.id }));
      notifyLater(c, () =>
        notifyMentions(c.var.db, { text: content, actorId: c.var.user.id, postId: id, commentId: comment.id }),
      );
      return c.json(comment, 201);
    },
  )
  .patch(
    "/comments/:id",
    requireUser,
    requireUnmuted,
    limited("edits"),
    validate("param", idParam),
    validate("json", commentBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const comment = await requireComment(c.var.db, id);
      assertEditable(comment, c.var.user.id);
      const { content } = c.req.valid("json");
      const before = await editText(c.var.db, "comment", { id, authorId: c.var.user.id, text: content });
      if (before !== null)
        notifyLater(c, () =>
          notifyMentions(c.var.db, {
            text: content,
            actorId: c.var.user.id,
            postId: comment.postId,
            commentId: id,
            before,
          }),
        );
      const edited = await getCommentDto(c.var.db, c.var.user.id, id);
      if (!edited) throw notFound(E.comment_not_found);
      return c.json(edited);
    },
  )
  .delete("/comments/:id", requireUser, limited("edits"), validate("param", idParam), async (c) => {
    const comment = await requireComment(c.var.db, c.req.valid("param").id);
    if (comment.authorId !== c.var.user.id && c.var.user.role !== "admin") throw forbidden(E.delete_not_author);
    await deleteComment(c.var.db, comment);
    return c.json({ success: true as const });
  })
  .get("/cosmic-notices", requireUser, async (c) => c.json(await listNotices(c.var.db, LOUNGE_LIMITS.noticesListMax)))
  .post("/cosmic-notices", requireAdmin, limited("adminWrites"), validate("json", noticeBody), async (c) => {
    const body = c.req.valid("json");
    const content = await sanitizeHtml(body.content);
    if (isBlankHtml(content))
      throw badRequest({ code: "content_required", text: `content: ${T.noticeContentRequired}` });
    const notice = await createNotice(c.var.db, c.var.user.id, {
      title: body.title,
      content,
      imageUrl: body.image_url ?? null,
      isPinned: body.is_pinned,
    });
    if (notice.is_pinned)
      notifyLater(c, () => notifyPinnedNotice(c.var.db, { noticeId: notice.id, authorId: c.var.user.id }));
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "notice.create",
      targetType: "notice",
      targetId: notice.id,
      after: { title: notice.title, is_pinned: notice.is_pinned },
    });
    return c.json(notice, 201);
  })
  .delete("/cosmic-notices/:id", requireAdmin, limited("adminWrites"), validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    const deleted = await deleteNotice(c.var.db, id);
    if (!deleted) throw notFound(T.noticeNotFound);
    await recordAudit(c.var.db, {
      actorId: c.var.user.id,
      action: "notice.delete",
      targetType: "notice",
      targetId: id,
      before: { title: deleted.title },
    });
    return c.json({ success: true });
  });

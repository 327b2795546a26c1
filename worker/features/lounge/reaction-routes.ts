// Reactions: toggling one on a post, comment or message, and who reacted. The same two routes
// under /api/posts, /api/comments and /api/messages; who may react is decided in one place (canReact), and in a
// direct message also by the rule of its writes (directRefusal).
import { z } from "zod";
import { countReactions } from "../../db/reaction-counts";
import { requireUser } from "../../platform/auth";
import { createRouter } from "../../platform/create-app";
import { forbidden, notFound } from "../../platform/errors";
import { requireUnmuted } from "../../platform/mute";
import { limited } from "../../platform/rate-limit";
import { idParam, validate } from "../../platform/validate";
import { REACTIONS, type ReactionKind } from "../../shared/rules";
import { API_ERRORS as E, TEXTS } from "../../shared/texts";
import { directRefusal, fanOut, privateChannelReaders } from "../chat/index";
import { notifyLater, notifyReaction } from "../notifications/index";
import { canReact, reactionNames, removeReaction, toggleReaction } from "./queries/reactions";

const reactionBody = z.object({ emoji: z.enum(REACTIONS.emoji, E.reaction_invalid) });

/** The 404 of each kind, whichever reason hides the item (missing, hidden, deleted, unreadable). */
const NOT_FOUND = {
  post: TEXTS.lounge.postNotFound,
  comment: E.comment_not_found,
  message: E.message_not_found,
} as const;

const reactionsOn = (kind: ReactionKind) =>
  createRouter()
    .post(
      "/:id/reactions",
      requireUser,
      requireUnmuted,
      limited("reactions"),
      validate("param", idParam),
      validate("json", reactionBody),
      async (c) => {
        const { id } = c.req.valid("param");
        const { emoji } = c.req.valid("json");
        const { db, user } = c.var;
        const target = await canReact(db, user, kind, id);
        if (!target) throw notFound(NOT_FOUND[kind]);
        const { channelId } = target;
        // A block refuses a reaction only in the pair's direct message, like a send (anywhere else it is
        // accepted and notifies no one); taking one's reaction back is always allowed.
        const input = { kind, targetId: id, userId: user.id, emoji };
        const refusal =
          channelId === null ? null : await directRefusal(db, { id: channelId, directKey: target.directKey }, user.id);
        if (refusal && !(await removeReaction(db, input))) throw forbidden(E[refusal]);
        const added = refusal ? false : await toggleReaction(db, input);
        const reactions = await countReactions(db, kind, id, user.id);
        if (channelId !== null) {
          const counts = reactions.map(({ emoji, count }) => ({ emoji, count }));
          c.executionCtx.waitUntil(
            fanOut(c.env, channelId, {
              type: "reaction",
              group_id: channelId,
              message_id: id,
              user_id: user.id,
              emoji,
              added,
              counts,
            }),
          );
        }
        if (added)
          notifyLater(c, async () =>
            notifyReaction(db, {
              kind,
              targetId: id,
              actorId: user.id,
              readers: channelId !== null && target.isPrivate ? await privateChannelReaders(db, channelId) : undefined,
            }),
          );
        return c.json({ reactions });
      },
    )
    /** Who reacted, per emoji (names on hover or long-press), under the same rules as reacting. */
    .get("/:id/reactions", requireUser, validate("param", idParam), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await canReact(c.var.db, c.var.user, kind, id))) throw notFound(NOT_FOUND[kind]);
      return c.json({ reactions: await reactionNames(c.var.db, kind, id, c.var.user.id) });
    });

export const reactionRoutes = createRouter()
  .route("/posts", reactionsOn("post"))
  .route("/comments", reactionsOn("comment"))
  .route("/messages", reactionsOn("message"));

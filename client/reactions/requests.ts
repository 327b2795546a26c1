// Reactions' requests: toggling one and who reacted, for posts, comments and messages alike.
import type { ReactionCountDto } from "../../worker/shared/chat-wire";
import type { ReactionEmoji, ReactionKind } from "../../worker/shared/rules";
import { api, unwrap } from "../api";

const target = (kind: ReactionKind) =>
  kind === "post" ? api.posts[":id"] : kind === "comment" ? api.comments[":id"] : api.messages[":id"];

/** Toggles the member's reaction; answers the item's reactions as they now are. */
export async function toggleReaction(
  kind: ReactionKind,
  id: number,
  emoji: ReactionEmoji,
): Promise<ReactionCountDto[]> {
  return (await unwrap(target(kind).reactions.$post({ param: { id: String(id) }, json: { emoji } }))).reactions;
}

/** Who reacted with each emoji (the first names), for a chip's hover or long-press. */
export async function reactionNames(kind: ReactionKind, id: number) {
  return (await unwrap(target(kind).reactions.$get({ param: { id: String(id) } }))).reactions;
}

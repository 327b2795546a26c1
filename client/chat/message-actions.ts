import type { MessageDto } from "../../worker/shared/chat-wire";
import type { ReactionEmoji } from "../../worker/shared/rules";

/** What the member can do to a message: react, reply, edit and delete their own, delete any as an admin. */
export type MessageActions = {
  currentUserId: number | undefined;
  isAdmin: boolean;
  onEdit(id: number, body: string): Promise<void>;
  onDelete(id: number): Promise<void>;
  onReply(message: MessageDto): void;
  onReact(id: number, emoji: ReactionEmoji): Promise<void>;
  /** A message of the member's own that was not sent: send it again (the same Idempotency-Key), or drop it. */
  onRetrySend?(key: string): void;
  onDiscardSend?(key: string): void;
};

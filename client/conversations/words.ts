// The words of conversations, reactions and direct messages in English (the item menus, reactions, member
// menus and blocks of the lounge's posts and comments and the chat's messages), loaded with the lounge, the chat, the
// profile and the notification panel (client/i18n/language.ts WORDS; docs/client.md "Words"). words.es.ts is the same
// in Spanish.

export const words = {
  /** A message's actions, editing and deleting. */
  conversations: {
    actions: (name: string) => `Actions for the message of ${name}`,
    edit: "Edit",
    delete: "Delete",
    copyLink: "Copy link",
    linkCopied: "Link copied",
    save: "Save",
    cancel: "Cancel",
    editLabel: "Edit your message",
    edited: "edited",
    editedAt: (when: string) => `Edited ${when}`,
    deleted: "Message deleted",
    confirmDelete: "Delete this message for everyone? This cannot be undone.",
    editFailed: "Failed to edit message",
    deleteFailed: "Failed to delete message",
    reply: "Reply",
    replyingTo: (name: string) => `Replying to ${name}`,
    cancelReply: "Cancel reply",
    /** A reply's quote: its label jumps to the original. */
    quoteLabel: "Go to the message of",
    /** The quote of an original not loaded yet (older than the page on screen); a click loads it. */
    earlierMessage: "An earlier message",
    commentActions: (name: string) => `Actions for the comment of ${name}`,
    editPostLabel: "Edit your post",
    editCommentLabel: "Edit your comment",
    confirmDeleteComment: "Delete this comment for everyone? This cannot be undone.",
    editPostFailed: "Failed to edit post",
    editCommentFailed: "Failed to edit comment",
    deleteCommentFailed: "Failed to delete comment",
  },
  /** Reactions on posts, comments and messages. */
  reactions: {
    /** A chip: the emoji, how many, and (aria-pressed) whether the member is among them. */
    chip: (emoji: string, count: number) => `${emoji} ${count === 1 ? "1 reaction" : `${count} reactions`}`,
    whoReacted: (names: string[], more: number) =>
      more > 0 ? `${names.join(", ")} and ${more} more` : names.join(", "),
    failed: "Your reaction could not be saved. Please try again.",
  },
  /** Direct messages, the member actions beside a name, and blocks. */
  direct: {
    title: "Direct messages",
    none: "No direct messages yet. Open one from a member's name.",
    formerMember: "Former member",
    messageLabel: (name: string) => `Message ${name}`,
    memberActions: (name: string) => `Actions for ${name}`,
    unblock: "Unblock",
    unblocked: (name: string) => `${name} is unblocked`,
    blockFailed: "Could not change the block",
    hiddenBlocked: "Hidden: you blocked this member",
    showOnce: "Show",
  },
};

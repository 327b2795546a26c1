// The live parts' data-only route: the channels' unread counts (/data/unread, the chat's own loader),
// loaded by the shell's fetcher at start, when the live socket (re)connects, on focus, and by the
// polling fallback.
export const UNREAD_PATH = "/data/unread";

/** Not after every write: the live socket and the poll keep the counts. */
export const keepUnread = () => false;

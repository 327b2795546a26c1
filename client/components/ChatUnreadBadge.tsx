// The Chat navigation item's unread total. Keeps the unread counts (client/live/unread.ts) current for
// the whole shell: the live socket's frames, a fresh read whenever the socket (re)connects and when the
// tab regains focus, and a poll every TIMING.unreadPollMs while the socket is down.
import { useEffect } from "react";
import { TIMING } from "../../worker/shared/rules";
import { followLive } from "../live/live-room";
import { unreadLabel, unreadStore, useUnread } from "../live/unread";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import "./header-tools.css";

export function ChatUnreadBadge() {
  const { user } = useSession();
  const me = user?.id;
  const { total } = useUnread();

  useEffect(() => {
    const stop = followLive({
      refresh: () => void unreadStore.refresh(),
      pollMs: TIMING.unreadPollMs,
      frame: (frame) => unreadStore.frame(frame, me),
    });
    return () => {
      stop();
      unreadStore.reset();
    };
  }, [me]);

  if (total === 0) return null;
  return (
    <span className="nav-count" data-testid="chat-unread-total">
      <span aria-hidden="true">{unreadLabel(total)}</span>
      <span className="visually-hidden">{TEXT.unread.badge(total)}</span>
    </span>
  );
}

// The Chat navigation item's unread total. Keeps the unread counts (client/live/unread.ts) current for
// the whole shell: the live socket's frames, a fresh load whenever the socket (re)connects and when the
// tab regains focus, and a poll every TIMING.unreadPollMs while the socket is down.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { TIMING } from "../../worker/shared/rules";
import type { chatLoader } from "../chat/data";
import { UNREAD_PATH } from "../data-paths";
import { followLive } from "../live/live-room";
import { unreadLabel, unreadStore, useUnread } from "../live/unread";
import { useSession } from "../session/session-context";
import { TEXT } from "../text";
import "./header-tools.css";

export function ChatUnreadBadge() {
  const { user } = useSession();
  const me = user?.id;
  const counts = useFetcher<typeof chatLoader>({ key: "unread" });
  const load = useRef(counts.load);
  load.current = counts.load;
  const { total } = useUnread();

  useEffect(() => {
    const stop = followLive({
      refresh: () => void load.current(UNREAD_PATH),
      pollMs: TIMING.unreadPollMs,
      frame: (frame) => unreadStore.frame(frame, me),
    });
    return () => {
      stop();
      unreadStore.reset();
    };
  }, [me]);

  const data = counts.data;
  useEffect(() => {
    if (data?.ok) unreadStore.load(data.channels);
  }, [data]);

  if (total === 0) return null;
  return (
    <span className="nav-count" data-testid="chat-unread-total">
      <span aria-hidden="true">{unreadLabel(total)}</span>
      <span className="visually-hidden">{TEXT.unread.badge(total)}</span>
    </span>
  );
}

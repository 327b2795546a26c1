// The header's bell: the unread notifications' count, and the panel (loaded on first use). The list
// is a keyed fetcher of /data/notifications, loaded at start, when the live socket says there is a new
// notification, when the tab returns, and every TIMING.notificationsPollMs while the socket is down.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TIMING } from "../../worker/shared/rules";
import { NOTIFICATIONS_PATH } from "../data-paths";
import { followLive } from "../live/live-room";
import type { notificationsLoader } from "../notifications/data";
import { TEXT } from "../text";
import { Icon } from "./Icon";
import { ICON_SHAPES } from "./icon-shapes";
import { onDemand } from "./on-demand";
import "./header-tools.css";

// The panel names gatherings and automatic charges: their words load with it.
const NotificationPanel = onDemand(
  () => import("../notifications/NotificationPanel").then((m) => m.default),
  ["events", "autorenew"],
);

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const list = useFetcher<typeof notificationsLoader>({ key: "notifications" });
  const load = useRef(list.load);
  load.current = list.load;
  const reload = () => void load.current(NOTIFICATIONS_PATH);

  useEffect(
    () =>
      followLive({
        refresh: () => void load.current(NOTIFICATIONS_PATH),
        pollMs: TIMING.notificationsPollMs,
        frame: (frame) => frame.type === "notification" && void load.current(NOTIFICATIONS_PATH),
      }),
    [],
  );

  const unread = list.data?.ok ? list.data.unread : 0;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost header-tool"
        aria-haspopup="dialog"
        aria-label={unread > 0 ? TEXT.notifications.openWithCount(unread) : TEXT.notifications.open}
        onClick={() => {
          setOpen(true);
          reload();
        }}
      >
        <Icon shape={ICON_SHAPES.bell} />
        <span className="header-tool-word">{TEXT.notifications.open}</span>
        {/* A space between word and count: the visible text "Notifications 1" stays inside the name. */}
        {unread > 0 && " "}
        {unread > 0 && (
          <span className="header-tool-count" aria-hidden="true" data-testid="notification-count">
            {unread}
          </span>
        )}
      </button>
      {open && <NotificationPanel list={list} onReload={reload} onClose={() => setOpen(false)} />}
    </>
  );
}

// Notifications' data: the data-only route the bell's fetcher loads (GET /api/notifications) and its
// action, which marks some read (`{ ids }`, an item opened) or all (`{}`, "Mark all read"), or
// declines a channel invitation (`{ decline: channelId }`; its notification goes with it).
import { api, unwrap } from "../api";
import { type ActionResult, attempt, readIntent } from "../data/actions";
import { NOTIFICATIONS_PATH } from "../data-paths";
import { TEXT } from "../text";

export async function notificationsLoader() {
  try {
    return { ok: true as const, ...(await unwrap(api.notifications.$get())) };
  } catch {
    return { ok: false as const };
  }
}

export type NotificationsIntent = { ids?: number[] } | { decline: number };

export async function notificationsAction({
  request,
}: {
  request: Request;
}): Promise<ActionResult<{ unread: number } | { success: true }>> {
  const intent = await readIntent<NotificationsIntent>(request);
  if ("decline" in intent) {
    const param = { id: String(intent.decline) };
    return attempt(() => unwrap(api.groups[":id"].decline.$post({ param })), TEXT.notifications.declineFailed);
  }
  const { ids } = intent;
  return attempt(() => unwrap(api.notifications.read.$post({ json: ids ? { ids } : {} })));
}

/** The list reloads after its own writes and through the bell (socket, poll, focus); other screens' writes leave it. */
export const notificationsRevalidate = ({ formAction }: { formAction?: string }) => formAction === NOTIFICATIONS_PATH;

// The notifications section's data and writes: the member's choices per kind and channel and the digest
// (GET/PUT /api/notifications/preferences, stored per kind; the groups are the client's way to show and set them).
import type { PreferencesDto } from "../../../worker/shared/notification-settings";
import { api, unwrap } from "../../api";
import { attempt, readIntent } from "../../data/actions";
import { TEXT } from "../../text";
import { part } from "../part";

export const notificationSettingsLoader = () => part(unwrap(api.notifications.preferences.$get()));

/** The whole of the member's choices after one change (a group's switch, a kind's, the digest). */
export type NotificationSettingsIntent = { intent: "save"; settings: PreferencesDto };

export async function notificationSettingsAction({ request }: { request: Request }) {
  const { settings } = await readIntent<NotificationSettingsIntent>(request);
  return attempt(
    () => unwrap(api.notifications.preferences.$put({ json: settings })),
    TEXT.notificationSettings.saveFailed,
  );
}

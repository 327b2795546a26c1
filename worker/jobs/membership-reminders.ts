// Daily: a notification to each member whose membership ends within three days (once per due date):
// with auto-renew on, the notice of the coming charge instead.
import { getDb } from "../db/client";
import { noticeAutorenewCharges, remindMembershipsEnding } from "../db/notifications";
import { liveRoom } from "../services/live";
import type { ScheduledJob } from "./types";

export const membershipReminders: ScheduledJob = {
  name: "membership-reminders",
  async run(env, now) {
    const db = getDb(env.DB);
    const reminded = await remindMembershipsEnding(db, now.getTime());
    const noticed = await noticeAutorenewCharges(db, now.getTime());
    const told = [...reminded, ...noticed];
    if (told.length)
      await liveRoom(env)
        .sendTo(told, { type: "notification" })
        .catch(() => undefined);
    return { reminded: reminded.length, charge_notices: noticed.length };
  },
};

// Daily: a notification to each member whose membership ends within three days (once per due date),
// in the app and, by default, by email; with auto-renew on, the notice of the coming charge instead.
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { noticeAutorenewCharges, remindMembershipsEnding } from "../../notifications/index";

export const membershipReminders: ScheduledJob = {
  name: "membership-reminders",
  async run(env, now) {
    const db = getDb(env.DB);
    const reminded = await remindMembershipsEnding(db, now.getTime());
    const noticed = await noticeAutorenewCharges(db, now.getTime());
    return { reminded: reminded.length, charge_notices: noticed.length };
  },
};

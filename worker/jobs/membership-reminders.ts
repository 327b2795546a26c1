// Daily: a notification to each member whose membership ends within three days (once per due date),
// in the app and, by default, by email.
import { getDb } from "../db/client";
import { remindMembershipsEnding } from "../db/notifications";
import { announceNotifications } from "../services/notify/delivery";
import type { ScheduledJob } from "./types";

export const membershipReminders: ScheduledJob = {
  name: "membership-reminders",
  async run(env, now) {
    const reminded = await remindMembershipsEnding(getDb(env.DB), now.getTime());
    await announceNotifications(env, reminded);
    return { reminded: reminded.length };
  },
};

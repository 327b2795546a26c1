// Daily: a notification to each member whose membership ends within three days (once per due date).
import { getDb } from "../db/client";
import { remindMembershipsEnding } from "../db/notifications";
import { liveRoom } from "../services/live";
import type { ScheduledJob } from "./types";

export const membershipReminders: ScheduledJob = {
  name: "membership-reminders",
  async run(env, now) {
    const reminded = await remindMembershipsEnding(getDb(env.DB), now.getTime());
    if (reminded.length)
      await liveRoom(env)
        .sendTo(reminded, { type: "notification" })
        .catch(() => undefined);
    return { reminded: reminded.length };
  },
};

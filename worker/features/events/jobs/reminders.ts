// Every 5 minutes: reminders 24 hours and 1 hour before an event, to every member going, each once
// (worker/features/events/queries/answers.ts remindEvents: a conditional insert on a unique key, so racing runs send one).
import { getDb } from "../../../db/client";
import type { ScheduledJob } from "../../../platform/scheduled-job";
import { remindEvents } from "../queries/answers";

export const eventReminders: ScheduledJob = {
  name: "event-reminders",
  async run(env, now) {
    const reminded = await remindEvents(getDb(env.DB), now.getTime());
    return { reminded: reminded.length };
  },
};

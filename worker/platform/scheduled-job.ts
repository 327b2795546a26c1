import type { Env } from "../env";

export interface ScheduledJob {
  name: string;
  run(env: Env, now: Date): Promise<Record<string, number>>;
}

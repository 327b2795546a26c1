// Daily: deletes the R2 objects no row points at. A write stores its object first and its row second, and removes
// the object when the row fails (storeBlobWithRow); an object is left behind only when that removal fails too, or
// the worker stopped between the two. Only this month's and last month's keys are listed (newBlobKey puts the month
// in the key, and an orphan is made at upload time), and only objects older than an hour are judged, so a write
// still between its object and its row keeps its object.
import { referencedBlobKeys } from "../db/blobs";
import { getDb } from "../db/client";
import type { ScheduledJob } from "./scheduled-job";

/** The prefixes whose objects belong to a row (AI images belong to the notice HTML that embeds them: not swept). */
const SWEPT_PREFIXES = ["chat", "resources", "events"] as const;
/** An object this recent may be a write's that has not written its row yet. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

export const sweepOrphanBlobs: ScheduledJob = {
  name: "sweep-orphan-blobs",
  async run(env, now) {
    const db = getDb(env.DB);
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const counts = { listed: 0, deleted: 0 };
    for (const prefix of SWEPT_PREFIXES) {
      for (const month of new Set([monthOf(lastMonth), monthOf(now)])) {
        let cursor: string | undefined;
        do {
          // One page (at most 1000 keys) at a time: one D1 statement binding one variable per page.
          const page = await env.BLOBS.list({ prefix: `${prefix}/${month}/`, cursor });
          const old = page.objects.filter((o) => now.getTime() - o.uploaded.getTime() >= ORPHAN_MIN_AGE_MS);
          const referenced = await referencedBlobKeys(
            db,
            old.map((o) => o.key),
          );
          const orphans = old.map((o) => o.key).filter((key) => !referenced.has(key));
          if (orphans.length) await env.BLOBS.delete(orphans);
          counts.listed += page.objects.length;
          counts.deleted += orphans.length;
          cursor = page.truncated ? page.cursor : undefined;
        } while (cursor);
      }
    }
    return counts;
  },
};

// JSON written by SQLite for a hot read whose rows the worker passes on as they are (docs/capacity.md,
// "where the time goes"): no per-row mapping or serialising in JavaScript.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** JSON text of a `T`, as SQLite wrote it (sendJsonText answers with it, typed as `T`). */
export type JsonText<T> = string & { readonly jsonOf: T };

/** A JSON true/false for a SQL condition (SQLite's own booleans are 0 and 1). */
export const jsonBoolean = (condition: SQL) => sql`json(case when ${condition} then 'true' else 'false' end)`;

/** A timestamp_ms column as Date.prototype.toJSON writes it: UTC, milliseconds, "Z". */
export const jsonTimestamp = (column: SQLWrapper) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

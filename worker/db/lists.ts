// D1 binds at most 100 variables per statement ("too many SQL variables" past that), so a statement
// must never bind one variable per item of a list whose length members control. A list goes into SQL
// as ONE bound JSON array read back with json_each: the statement binds the same number of variables
// whatever the list's length. `npm run typecheck` (scripts/check-imports.mjs) refuses a new `inArray(`,
// multi-row `.values([…])` or `batch(` over a list unless it goes through here or states its bound.
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** The list as a one-column table (`value`), binding one variable. */
export const listTable = (values: readonly (number | string)[]) => sql`json_each(${JSON.stringify(values)})`;

/** `column IN (values)` binding one variable; an empty list matches nothing. */
export const inList = (column: SQLWrapper, values: readonly (number | string)[]): SQL =>
  sql`${column} in (select value from ${listTable(values)})`;

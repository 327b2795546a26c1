// INSERT … SELECT, the form a conditional insert takes inside a D1 batch (drizzle's raw statements cannot be batched
// with parameters): drizzle names every column of the table, in its order, so the SELECT must give each one.
import { getTableColumns, is, SQL, sql, type Table } from "drizzle-orm";

/**
 * A SELECT list with a value for every column of `table` in its order, by the column's key: SQL as written, anything
 * else bound as a parameter, null for a column not given (an autoincrement id, a nullable column).
 */
export function rowInTableOrder(table: Table, given: Record<string, unknown>): SQL {
  return sql.join(
    Object.keys(getTableColumns(table)).map((key) => {
      const value = given[key];
      return is(value, SQL) ? value : sql`${value ?? null}`;
    }),
    sql`, `,
  );
}

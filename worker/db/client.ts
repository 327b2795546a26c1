import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof getDb>;

export const getDb = (d1: D1Database | D1DatabaseSession) => drizzle(d1 as D1Database, { schema });

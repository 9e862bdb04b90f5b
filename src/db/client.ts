import { drizzle } from "drizzle-orm/d1";
import type { Db } from "../env";
import * as schema from "./schema";

export const createDb = (d1: D1Database): Db => drizzle(d1, { schema, casing: "snake_case" });

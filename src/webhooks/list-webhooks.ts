import { asc, count, eq } from "drizzle-orm";
import { webhooks } from "../db/schema";
import type { Db } from "../db/client";
import { offsetOf, type PageRequest } from "../http/pagination";

export async function listWebhooks(db: Db, accountId: number, page: PageRequest) {
  const where = eq(webhooks.accountId, accountId);
  const [rows, [total]] = await db.batch([
    db.select().from(webhooks).where(where).orderBy(asc(webhooks.id)).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(webhooks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

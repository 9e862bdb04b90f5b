import { and, count, desc, eq } from "drizzle-orm";
import { webhookDeliveries } from "../db/schema";
import type { Db } from "../db/client";
import { offsetOf } from "../http/pagination";
import type { ListDeliveriesQuery } from "./schemas";

/** The deliveries of an endpoint the caller owns (checked before), newest first. */
export async function listDeliveries(db: Db, webhookId: number, query: ListDeliveriesQuery) {
  const page = { page: query.page, perPage: query.per_page };
  const where = and(eq(webhookDeliveries.webhookId, webhookId), query.status ? eq(webhookDeliveries.status, query.status) : undefined);
  const [rows, [total]] = await db.batch([
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.id)).limit(page.perPage).offset(offsetOf(page)),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page };
}

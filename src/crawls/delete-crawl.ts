import { eq } from "drizzle-orm";
import { crawlLinks } from "../db/schema";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import { findCrawl } from "./find-crawl";
import { stopCrawl } from "./cancel-crawl";
import { deleteCrawlRow } from "./crawl-lifecycle";
import { deletePages } from "./crawl-pages";

/** Cancels the crawl if unfinished, then deletes it, its page list and its link checks; the reports it made stay. */
export async function deleteCrawl(db: Db, accountId: number, id: number): Promise<void> {
  if (!(await findCrawl(db, accountId, id))) return notFound();
  await stopCrawl(db, accountId, id);
  await db.batch([
    deletePages(db, id),
    db.delete(crawlLinks).where(eq(crawlLinks.crawlId, id)),
    deleteCrawlRow(db, accountId, id),
  ]);
}

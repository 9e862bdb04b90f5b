import type { Crawl } from "../db/schema";
import { ApiError } from "../http/errors";

/**
 * A pruned crawl (CRAWL_HISTORY, docs/crawls.md "Pruned crawls") answers its page-level lists with 410 Gone: the rows
 * were there and are removed for good, which an empty 200 would hide. Its summary, site checks and issues stay.
 */
export function requirePageRows(crawl: Crawl) {
  if (crawl.prunedAt === null) return;
  throw new ApiError(
    410,
    `This crawl's pages were pruned on ${crawl.prunedAt}: a project keeps the page rows of its last completed crawls only. ` +
      "Its summary, site checks and issue counts stay readable.",
  );
}

import { sql } from "drizzle-orm";
import { crawlPages, reportHistory } from "../db/schema";
import type { Db } from "../db/client";
import { MAX_ISSUE_EXAMPLES } from "../site/issues/issue-rows";

/** A page audited in both crawls whose watched title or indexability differs: what it was and what it is. */
export interface TitleChange {
  url: string;
  before: string | null;
  after: string | null;
}

export interface IndexableChange {
  url: string;
  before: boolean;
  after: boolean;
  /** Why the page is not indexable now (the watched record's words); null when it is. */
  because: string | null;
}

export interface ChangedGroup<T> {
  pages: number;
  examples: T[];
}

/** The compare's `changed`: per watched field, how many pages of both crawls changed it, and the first few. */
export interface ChangedPages {
  title: ChangedGroup<TitleChange>;
  indexable: ChangedGroup<IndexableChange>;
}

/*
 * The pages of `now` whose URL `before` audited too, with each crawl's watched record: a crawl page points at its
 * report and generation, and that generation's history row keeps `watched` (src/analysis/watched.ts). Every join is a
 * unique index seek ((crawl_id, url) of crawl_pages, (report_id, generation) of report_history), and only the pages
 * that changed are kept, so the one pass materialises a few rows however large the crawls (100,000 pages: about a
 * second of SQL when every record differs, docs/benchmarks.md). A generation whose history
 * row was pruned (HISTORY_LIMIT) or was written before `watched` existed has no record: its page is not compared.
 */
const changedStatement = (now: number, before: number) => sql`
  WITH changed AS MATERIALIZED (
    SELECT p.id AS id, p.url AS url,
      json_extract(hb.watched, '$.title') AS title_before, json_extract(hn.watched, '$.title') AS title_after,
      json_extract(hb.watched, '$.indexable') AS indexable_before, json_extract(hn.watched, '$.indexable') AS indexable_after,
      json_extract(hn.watched, '$.not_indexable_because') AS because
    FROM ${crawlPages} p
    JOIN ${crawlPages} q ON q.crawl_id = ${before} AND q.url = p.url AND q.state = 'audited'
    JOIN ${reportHistory} hn ON hn.report_id = p.report_id AND hn.generation = p.generation
    JOIN ${reportHistory} hb ON hb.report_id = q.report_id AND hb.generation = q.generation
    WHERE p.crawl_id = ${now} AND p.state = 'audited' AND hn.watched IS NOT NULL AND hb.watched IS NOT NULL
      -- Most pages say the same on both crawls: two equal records are told apart without parsing them.
      AND hn.watched <> hb.watched
      AND (title_before IS NOT title_after OR indexable_before IS NOT indexable_after)
  )
  SELECT 'title' AS field, count(*) AS n, NULL AS url, NULL AS before, NULL AS after, NULL AS because FROM changed WHERE title_before IS NOT title_after
  UNION ALL SELECT 'indexable', count(*), NULL, NULL, NULL, NULL FROM changed WHERE indexable_before IS NOT indexable_after
  UNION ALL SELECT * FROM (SELECT 'title', NULL, url, title_before, title_after, NULL FROM changed
    WHERE title_before IS NOT title_after ORDER BY id LIMIT ${MAX_ISSUE_EXAMPLES})
  UNION ALL SELECT * FROM (SELECT 'indexable', NULL, url, indexable_before, indexable_after, because FROM changed
    WHERE indexable_before IS NOT indexable_after ORDER BY id LIMIT ${MAX_ISSUE_EXAMPLES})`;

type Row = { field: string; n: number | null; url: string | null; before: unknown; after: unknown; because: string | null };

/** The statement's rows as the compare's groups: a count row per field, then its examples in discovery order. */
export function changedGroups(rows: Row[]): ChangedPages {
  const out: ChangedPages = { title: { pages: 0, examples: [] }, indexable: { pages: 0, examples: [] } };
  for (const row of rows) {
    if (row.url === null) {
      out[row.field as keyof ChangedPages].pages = Number(row.n);
    } else if (row.field === "title") {
      out.title.examples.push({ url: row.url, before: row.before as string | null, after: row.after as string | null });
    } else {
      // JSON booleans come out of json_extract as 1 and 0.
      out.indexable.examples.push({ url: row.url, before: Boolean(row.before), after: Boolean(row.after), because: row.after ? null : row.because });
    }
  }
  return out;
}

/**
 * The pages whose title or indexability changed from crawl `before` to crawl `now` (both the caller's, with their
 * page rows), matched by URL, in one statement: the Worker receives two counts and at most five examples of each.
 */
export async function changedPages(db: Db, now: number, before: number): Promise<ChangedPages> {
  return changedGroups(await db.all<Row>(changedStatement(now, before)));
}

import { z } from "zod";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";
import { checkCategories, checkCategory, checkImportance, checkImportances } from "../reports/schemas";
import { crawlIdParam } from "./schemas";

const urls = z.array(z.string()).max(5);
const issueKinds = ["page", "site"] as const;
const kind = z.enum(issueKinds);
const checkCount = z.int().min(0);

/** One failing check across a crawl (src/site/issues/issue-rows.ts). */
export const crawlIssueResource = z
  .object({
    check: z.string().meta({ description: "The check's id: a page check of the reports, or a site check." }),
    kind,
    category: checkCategory,
    importance: checkImportance,
    title: z.string(),
    fix: z.string(),
    pages: checkCount.meta({ description: "Audited pages failing it (a site check: its count of problems)." }),
    share: z
      .number()
      .min(0)
      .meta({
        description:
          "`pages` over the pages the check counts, rounded to 0.001: a content check's over the audited pages that answered 200 (an error page counts in `http_status` only); `http_status`'s and a site check's over every audited page.",
      }),
    examples: urls.meta({ description: "At most 5 of the pages' URLs, in discovery order." }),
  })
  .meta({ id: "CrawlIssue" });

/** A page failing one check, with what the check found there (a site check: one of its examples). */
export const crawlIssuePageResource = z
  .object({
    url: z.string().nullable(),
    report: z.int().positive().nullable().meta({ description: "The page's report (null for a site check's example)." }),
    current: z.boolean().meta({
      description: "Whether the report still holds the generation this crawl audited; when a later crawl or regeneration replaced it, value and errors are null.",
    }),
    value: z.unknown().meta({ description: "What the check found on the page (a site check: the example)." }),
    errors: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "CrawlIssuePage" });

export const crawlIssueFields = keysOf(crawlIssueResource);
export const crawlIssuePageFields = keysOf(crawlIssuePageResource);
export const crawlIssueFieldsResource = withFields(crawlIssueResource, "check").meta({ id: "CrawlIssueFields" });
export const crawlIssuePageFieldsResource = withFields(crawlIssuePageResource, "url").meta({ id: "CrawlIssuePageFields" });

const paging = { per_page: listParams.per_page, page: listParams.page };

export const listCrawlIssuesQuery = z.object({
  ...paging,
  fields: fieldsParam(crawlIssueFields),
  importance: oneOf("importance", checkImportances).optional(),
  category: oneOf("category", checkCategories).optional(),
  kind: oneOf("kind", issueKinds).optional(),
});

export const listIssuePagesQuery = z.object({
  ...paging,
  fields: fieldsParam(crawlIssuePageFields),
  // csv: every page failing the check as a CSV download (also chosen by `Accept: text/csv`); page and per_page then
  // do not apply.
  format: oneOf("format", ["json", "csv"]).optional(),
});

export const crawlCheckParam = crawlIdParam.extend({
  // Any value: one neither registry knows is 404, as an unknown resource.
  check: z.string().meta({ description: "A page or site check id." }),
});

export const compareCrawlsQuery = z.object({
  with: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "The with field must be the id of a crawl: a positive integer.")
    .transform(Number)
    .optional()
    .meta({ description: "The crawl to compare with. Default: the crawl's previous_id, else the project's last completed crawl before it." }),
});

const tally = z.object({ pages: checkCount, examples: urls });
const scoreChange = z.object({ from: z.int().nullable(), to: z.int().nullable(), change: z.int().nullable() });
const issueIds = z.object({
  new: z.array(z.string()).meta({ description: "Checks failing now that failed on no page before." }),
  fixed: z.array(z.string()).meta({ description: "Checks that failed before and fail on no page now." }),
});
const orGone = checkCount.nullable();
const failures = z
  .object({ new: orGone, fixed: orGone, remaining: orGone })
  .meta({ description: "(page, check) failures in all; null when one crawl was pruned (`detail: crawl`)." });

// The compare's pages whose title or indexability changed (src/crawls/changed-pages.ts).
const changedGroup = <T extends z.ZodObject>(example: T) =>
  z.object({ pages: checkCount, examples: z.array(example).max(5).meta({ description: "At most 5 of the pages, in discovery order." }) });
const changedPagesResource = z
  .object({
    title: changedGroup(z.object({ url: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
    indexable: changedGroup(
      z.object({
        url: z.string(),
        before: z.boolean(),
        after: z.boolean(),
        because: z.string().nullable().meta({ description: "Why the page is not indexable now; null when it is." }),
      }),
    ),
  })
  .nullable()
  .meta({
    description:
      "Pages (by URL) audited in both crawls whose title or indexability changed, with before and after (the watched record of each crawl's generation); null when one crawl was pruned.",
  });

/** The compare of src/site/issues/compare.ts. */
export const crawlCompareResource = z
  .object({
    crawl: z.int().positive(),
    with: z.int().positive(),
    detail: z.enum(["pages", "crawl"]).meta({
      description: "pages: matched page by page. crawl: one of the two was pruned (CRAWL_HISTORY), so only the crawl-level counts compare; the page-level figures are null.",
    }),
    audited: z.object({ before: checkCount, now: checkCount }).optional().meta({ description: "Audited pages of each crawl (`detail: crawl`)." }),
    score: scoreChange,
    pages: z
      .object({ added: tally.nullable(), removed: tally.nullable() })
      .meta({ description: "Pages (by URL) only in this crawl, and only in the other; null when one crawl was pruned." }),
    changed: changedPagesResource,
    issues: issueIds,
    failures,
    checks: z.array(
      crawlIssueResource.omit({ pages: true, share: true, examples: true }).extend({
        new: orGone,
        fixed: orGone,
        remaining: orGone,
        before: checkCount.meta({ description: "Pages failing it in the other crawl (a site check: its problems)." }),
        now: checkCount.meta({ description: "Pages failing it in this one." }),
        examples: z.object({ new: urls, fixed: urls, remaining: urls }),
      }),
    ),
  })
  .meta({ id: "CrawlCompare" });

export type ListCrawlIssuesQuery = z.output<typeof listCrawlIssuesQuery>;
export type ListIssuePagesQuery = z.output<typeof listIssuePagesQuery>;

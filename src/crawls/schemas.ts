import { z } from "zod";
import { fieldsParam, keysOf, withFields } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";
import { writeBody } from "../http/write-body";
import { crawlPageStates, crawlSchedules, crawlSources, crawlStatuses } from "../db/schema";
import { authField } from "../targets/auth-field";
import { reportResource } from "../reports/schemas";
import { integerOf, password, privacyValues, renderValues } from "../targets/write-fields";
import { siteChecks } from "../site/checks/index";
import { crawlFoundVia } from "../site/terms";

/** A crawl's `rate`: concurrent fetches while the site answers fast (docs/crawls.md, "Rate"). */
export const crawlRates = [1, 2, 3, 4, 5, 6, 7, 8] as const;

const limitMessage = "The limit field must be an integer of at least 1.";

export const storeCrawlBody = writeBody({
  url: z
    .string({ error: "The url field is required." })
    .trim()
    .min(1, "The url field is required.")
    .max(2048, "The url field must be at most 2048 characters."),
  source: oneOf("source", crawlSources).default("auto"),
  // The upper bound is the MAX_CRAWL_PAGES setting, checked against the Worker's vars when the crawl is created.
  limit: z
    .union([z.string().regex(/^[1-9]\d{0,8}$/, limitMessage), z.number().int(limitMessage).min(1, limitMessage)], { error: limitMessage })
    .default(100)
    .transform(Number),
  privacy: integerOf("privacy", privacyValues).default(0),
  password: password.optional(),
  schedule: oneOf("schedule", crawlSchedules).default("none"),
  auth: authField,
  render: integerOf("render", renderValues).default(0),
  // The account's cap (accounts.max_crawl_rate, else MAX_CRAWL_RATE) is checked when the crawl is created.
  rate: integerOf("rate", crawlRates).default(1),
});

const { search: _search, ...paging } = listParams;

const timestamp = z.iso.datetime();

const siteVerdict = z.object({
  passed: z.boolean(),
  applicable: z.boolean(),
  count: z.int().min(0).meta({ description: "How many problems the check found." }),
  examples: z.array(z.unknown()).meta({ description: "At most a few of them." }),
  value: z.unknown().optional(),
  partly_checked: z
    .literal(true)
    .optional()
    .meta({ description: "Present when the check could not verify everything it needed (`value.not_checked`): never a plain pass." }),
});

const siteChanges = z
  .object({ newly_failed: z.array(z.string()), newly_passed: z.array(z.string()) })
  .meta({ description: "Under the key `changes`, for a scheduled run: the checks that changed verdict since the run before." });

/** The crawl resource of src/crawls/serialize.ts (checked against real answers in tests). */
export const crawlResource = z
  .object({
    id: z.int().positive(),
    project: z.string(),
    url: z.string(),
    source: z.enum(crawlSources),
    status: z.enum(crawlStatuses),
    limit: z.int().positive(),
    schedule: z.enum(crawlSchedules),
    privacy: reportResource.shape.privacy,
    render: reportResource.shape.render,
    rate: z.int().min(1).max(8).meta({ description: "Concurrent fetches asked for while the site answers fast (1-8)." }),
    current_rate: z.int().min(1).max(8).meta({
      description: "Concurrent fetches allowed right now: lower than `rate` while the site answers slowly or says it is busy, or always 1 under robots.txt's Crawl-delay and for a rendered crawl.",
    }),
    current_interval_ms: z.int().min(0).meta({
      description: "The interval between fetch starts of one slot right now: CRAWL_INTERVAL_MS (or Crawl-delay), or longer while the site struggles.",
    }),
    password: z.boolean().meta({ description: "Whether a password is set; the password itself is never returned." }),
    auth: reportResource.shape.auth,
    pages: z.object({ found: z.int(), audited: z.int(), failed: z.int(), blocked: z.int(), pending: z.int(), skipped: z.int() }),
    truncated: z.boolean(),
    score: z.int().min(0).max(100).nullable().meta({ description: "Average score of the audited pages." }),
    result: z.enum(["good", "decent", "bad"]).nullable(),
    site_checks: z
      .record(z.string(), z.union([siteVerdict, siteChanges]))
      .nullable()
      .meta({ description: `Keyed by site check id (${siteChecks.map((check) => check.id).join(", ")}), plus \`changes\` on a scheduled re-run, once the crawl has completed.` }),
    field: z
      .object({
        passed: z.boolean(),
        applicable: z.boolean().optional(),
        value: z.unknown(),
        errors: z.record(z.string(), z.unknown()).optional(),
      })
      .nullable()
      .meta({
        description:
          "The site's field data: the Chrome UX Report's record for the crawl's origin (PHONE), asked once as the crawl starts, judged as `core_web_vitals` judges a page (the same value and errors; not applicable without CRUX_API_KEY or without data, saying why). Null until discovery ran.",
      }),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    previous_id: z.int().positive().nullable().meta({ description: "The crawl this scheduled run follows." }),
    page_url: z.url(),
    created_at: timestamp,
    started_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
    pruned_at: timestamp.nullable().meta({
      description: "When the crawl was pruned (CRAWL_HISTORY): its page lists answer 410; its summary, site checks and issues stay.",
    }),
  })
  .meta({ id: "Crawl" });

/** A crawl page has no id of its own: its url is its key within the crawl. */
export const crawlPageResource = z
  .object({
    url: z.string(),
    state: z.enum(crawlPageStates),
    depth: z.int().min(0).meta({
      description: "Clicks from the nearest seed: 0 for the sitemaps' URLs and the start URL, then one more per link followed (the shallowest found).",
    }),
    in_sitemap: z.boolean(),
    found_via: z.enum(crawlFoundVia).meta({
      description: "How the crawl found the page: a sitemap lists it (sitemap), a link of an audited page reaches it or link discovery starts there (links), or both.",
    }),
    report: z.int().positive().nullable().meta({ description: "The id of the page's report, once it has one." }),
  })
  .meta({ id: "CrawlPage" });

/** The crawl and crawl page resources' fields, in their order, for `fields=`. */
export const crawlFields = keysOf(crawlResource);
export const crawlPageFields = keysOf(crawlPageResource);

/** With `fields=`, a crawl has `id` (a page its `url`) and the fields asked for. */
export const crawlFieldsResource = withFields(crawlResource, "id").meta({ id: "CrawlFields" });
export const crawlPageFieldsResource = withFields(crawlPageResource, "url").meta({ id: "CrawlPageFields" });

const crawlFieldsParam = fieldsParam(crawlFields);

export const showCrawlQuery = z.object({ fields: crawlFieldsParam });

export const listCrawlsQuery = z.object({
  ...paging,
  fields: crawlFieldsParam,
  project: z.string({ error: "The project field must be a string." }).max(255).optional(),
  status: oneOf("status", crawlStatuses).optional(),
  sort_by: oneOf("sort_by", ["id", "finished_at"]).default("id"),
});

export const listCrawlPagesQuery = z.object({
  per_page: paging.per_page,
  page: paging.page,
  fields: fieldsParam(crawlPageFields),
  state: oneOf("state", crawlPageStates).optional(),
  found_via: oneOf("found_via", crawlFoundVia).optional(),
  // csv: every page of the crawl matching `state` and `found_via` as a CSV download (also chosen by `Accept: text/csv`); page and
  // per_page then do not apply.
  format: oneOf("format", ["json", "csv"]).optional(),
});

export const crawlIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "The crawl id must be a positive integer.").transform(Number),
});

export type StoreCrawlInput = z.output<typeof storeCrawlBody>;
export type ListCrawlsQuery = z.output<typeof listCrawlsQuery>;
export type ListCrawlPagesQuery = z.output<typeof listCrawlPagesQuery>;

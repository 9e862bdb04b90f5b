import { z } from "zod";
import { fieldsParam } from "../http/fields";
import { listParams, oneOf } from "../http/list-params";
import { crawlPageStates, crawlSchedules, crawlSources, crawlStatuses } from "../db/schema";
import { integerOf, password, privacyValues } from "../reports/schemas";

const bodyError = { error: "The request body must be an object of fields." };
const limitMessage = "The limit field must be an integer of at least 1.";

export const storeCrawlBody = z.object(
  {
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
  },
  bodyError,
);

const { search: _search, ...paging } = listParams;

/** The crawl resource's fields, in its order (src/crawls/serialize.ts), for `fields=`. */
export const crawlFields = [
  "id", "project", "url", "source", "status", "limit", "schedule", "privacy", "password", "pages", "truncated", "score",
  "result", "site_checks", "error", "previous_id", "page_url", "created_at", "started_at", "finished_at",
] as const;

/** A crawl page has no id of its own: its url is its key within the crawl. */
export const crawlPageFields = ["url", "state", "depth", "in_sitemap", "report"] as const;

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
  // csv: every page of the crawl matching `state` as a CSV download (also chosen by `Accept: text/csv`); page and
  // per_page then do not apply.
  format: oneOf("format", ["json", "csv"]).optional(),
});

export const crawlIdParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,15}$/, "The crawl id must be a positive integer.").transform(Number),
});

export type StoreCrawlInput = z.output<typeof storeCrawlBody>;
export type ListCrawlsQuery = z.output<typeof listCrawlsQuery>;
export type ListCrawlPagesQuery = z.output<typeof listCrawlPagesQuery>;

import { crawlRates } from "../crawls/schemas";
import { renderValues } from "../targets/write-fields";
import { storeReportBody } from "../reports/schemas";
import { z } from "zod";

// Tool arguments arrive as JSON, so ids and page numbers are integers here where the API's query strings carry
// them as text; the messages are the API's.
export const idOf = (resource: "report" | "crawl") => {
  const message = `The id field must be the id of a ${resource}: a positive integer.`;
  return z.int({ error: message }).positive(message).max(Number.MAX_SAFE_INTEGER, message);
};

const pageMessage = "The page field must be an integer of at least 1.";
export const page = z.int({ error: pageMessage }).min(1, pageMessage).max(999_999_999, pageMessage).default(1);

export const perPage = z
  .union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)], { error: "The per_page field must be one of 10, 25, 50, 100." })
  .default(10);


/** The list tools' page of results. */
export const pageOf = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({
    ...({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> }),
    total: z.int().min(0),
    page: z.int().min(1),
    per_page: z.int().min(1),
    last_page: z.int().min(1),
  });

export const pageFields = (total: number, page: { page: number; perPage: number }) => ({
  total,
  page: page.page,
  per_page: page.perPage,
  last_page: Math.max(1, Math.ceil(total / page.perPage)),
});

const renderMessage = `The render field must be one of ${renderValues.join(", ")}.`;
/**
 * The API's `render` as numbers only: its body schema also takes the text "0"/"1" of a form, which would give the
 * model an anyOf of strings and numbers and no default.
 */
export const render = z
  .union(renderValues.map((value) => z.literal(value)), { error: renderMessage })
  .default(0)
  .meta({ description: "1 also loads the page in a real browser; the rendering checks compare raw and rendered HTML. Refused where this server does not render." });

/** The API's `device`, described for the model: it only changes a rendered audit. */
export const device = storeReportBody.shape.device.meta({
  description: "With render=1: measure the page as Lighthouse's mobile (Slow 4G, 4x slower CPU; the default) or desktop (no throttling).",
});

const rateMessage = `The rate field must be one of ${crawlRates.join(", ")}.`;

/** The API's `rate` as numbers only (a tool's arguments are JSON), within the same account cap when the crawl starts. */
export const rate = z
  .union(crawlRates.map((value) => z.literal(value)), { error: rateMessage })
  .default(1)
  .meta({ description: "Pages fetched at once while the site answers fast (1-8, default 1); the crawl slows itself down when the site does." });

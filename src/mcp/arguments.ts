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

const renderUnavailable = z
  .literal(0, { error: "Rendering is not available on this server." })
  .default(0)
  .meta({ description: "1 renders the page in a browser first; this server does not render, so only 0." });

/**
 * `render` exactly as the API's body schema takes it, so a server that renders offers it here too; while the
 * schema has no `render`, only 0 is accepted (docs/mcp.md).
 */
export const renderOf = (body: z.ZodObject): z.ZodType => (body.shape as Record<string, z.ZodType>).render ?? renderUnavailable;

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

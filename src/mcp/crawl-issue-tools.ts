import { z } from "zod";
import { compareWith } from "../crawls/compare-crawls";
import { findCrawlNearOrOnPrimary } from "../crawls/find-crawl";
import { crawlCompareResource, crawlIssueResource, listCrawlIssuesQuery } from "../crawls/issue-schemas";
import { crawlIssues } from "../crawls/list-crawl-issues";
import { notFound } from "../http/errors";
import { idOf } from "./arguments";
import { defineTool, type ToolContext } from "./tool";

const findOrThrow = async (ctx: ToolContext, id: number) => (await findCrawlNearOrOnPrimary(ctx.session, ctx.accountId, id)) ?? notFound();

// Copies without the OpenAPI ids, which would turn the tools' JSON Schema into bare $refs.
const issueOutput = z.object({ issues: z.array(z.object(crawlIssueResource.shape)) });
const compareOutput = z.object(crawlCompareResource.shape);

const listCrawlIssuesTool = defineTool({
  name: "list_crawl_issues",
  title: "A crawl's issues across the site",
  description:
    "What is wrong across a whole crawled site: one row per failing check (page checks and site-wide checks), most " +
    "important first, with how many pages fail it, their share of the audited pages, up to 5 example URLs and how to " +
    "fix it. Use it after a crawl completed to decide what to fix first; filter by importance (high, medium, low) or " +
    "category. Not for one page's problems: use get_report on that page's report.",
  input: z.object({
    id: idOf("crawl"),
    importance: listCrawlIssuesQuery.shape.importance,
    category: listCrawlIssuesQuery.shape.category,
  }),
  output: issueOutput,
  annotations: { readOnlyHint: true },
  async run({ id, importance, category }, ctx) {
    const { db, found } = await findOrThrow(ctx, id);
    const issues = await crawlIssues(db, found, { importance, category });
    const lines = issues.map((i) => `${i.importance} ${i.check}: ${i.pages} page${i.pages === 1 ? "" : "s"} (${i.title})`);
    return { data: { issues }, text: `Crawl ${id}: ${issues.length} failing check${issues.length === 1 ? "" : "s"}${lines.length ? `; ${lines.join("; ")}` : ""}.` };
  },
});

const compareCrawlsTool = defineTool({
  name: "compare_crawls",
  title: "Compare two crawls of a site",
  description:
    "What changed between two completed crawls of a site: per check, pages (matched by URL) that newly fail it, were " +
    "fixed, or still fail; pages added and removed; pages whose title or indexability changed, with before and " +
    "after; the score change. with defaults to the crawl before it of the " +
    "same project. Use it to answer 'did the fixes work' or 'what broke since last week'. Not for a single crawl's " +
    "state: use list_crawl_issues.",
  input: z.object({ id: idOf("crawl"), with: idOf("crawl").optional().meta({ description: "The earlier crawl; default: the one before it." }) }),
  output: compareOutput,
  annotations: { readOnlyHint: true },
  async run({ id, with: withId }, ctx) {
    const { db, found } = await findOrThrow(ctx, id);
    const data = await compareWith(db, found, withId);
    const { score, issues, failures, pages } = data;
    const text =
      `Crawl ${id} against crawl ${data.with}: score ${score.from ?? "none"} -> ${score.to ?? "none"}; ` +
      `new issues: ${issues.new.join(", ") || "none"}; fixed issues: ${issues.fixed.join(", ") || "none"}; ` +
      (data.detail === "crawl"
        ? "one of the two crawls was pruned, so page-level changes are gone: per check counts before and now only."
        : `failures ${failures.new} new, ${failures.fixed} fixed, ${failures.remaining} remaining; pages ${pages.added?.pages} added, ${pages.removed?.pages} removed; ` +
          `${data.changed.title.pages} retitled, ${data.changed.indexable.pages} changed indexability.`);
    return { data: { ...data }, text };
  },
});

export const crawlIssueTools = [listCrawlIssuesTool, compareCrawlsTool];

import { and, eq, inArray, sql } from "drizzle-orm";
import { crawls, type Crawl } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { projectNameFor } from "../projects/project-name";
import { targetUrlOrThrow } from "../reports/create-report";
import { passwordRule } from "../reports/password-rule";
import { normalizeCrawlUrl } from "../site/discovery/normalize-url";
import { UNFINISHED } from "./find-crawl";
import type { StoreCrawlInput } from "./schemas";
import { config, type ConfigVars, type CrawlSettings } from "../config";
import type { AuthSummary } from "../reports/auth-field";
import { authColumnsFor, noAuth } from "../reports/sealed-auth";

export interface NewCrawl {
  url: string;
  source: Crawl["source"];
  limit: number;
  schedule: Crawl["schedule"];
  privacy: number;
  passwordHash: string | null;
  render: number;
  previousId?: number | null;
  /** The crawl's login, sealed (src/reports/sealed-auth.ts); a scheduled run keeps its previous run's. */
  authSecret?: string | null;
  authSummary?: AuthSummary | null;
}

/** Checks the input of POST /crawls and turns it into a crawl to insert. */
export async function crawlFromInput(
  /** The settings, and for `auth` the key of webhook secrets (503 without it). */
  env: ConfigVars,
  accountId: number,
  input: StoreCrawlInput,
): Promise<NewCrawl> {
  const { crawl: settings, allowPrivateTargets } = config(env);
  if (input.limit > settings.maxPages) {
    const message = `The limit field must be between 1 and ${settings.maxPages}.`;
    throw new ApiError(422, message, { limit: [message] });
  }
  const url = normalizeCrawlUrl(targetUrlOrThrow(input.url, allowPrivateTargets).href)!;
  const passwordHash = (await passwordRule(input.privacy, input.password, false)) ?? null;
  // The credentials belong to the origin of the URL given: every page of the crawl on it gets them, nothing else.
  const auth = (await authColumnsFor(env, accountId, url, input.auth)) ?? noAuth;
  return { url, source: input.source, limit: input.limit, schedule: input.schedule, privacy: input.privacy, passwordHash, render: input.render, ...auth };
}

const unfinished = (accountId: number) => and(eq(crawls.accountId, accountId), inArray(crawls.status, [...UNFINISHED]));

/**
 * Inserts the crawl only while the account has no unfinished crawl of the project and fewer than maxActive
 * unfinished crawls: one conditional INSERT, so two requests at once cannot both pass the checks.
 * Returns the crawl, or why it was refused.
 */
export async function insertCrawl(db: Db, accountId: number, crawl: NewCrawl, settings: CrawlSettings): Promise<Crawl | "project_busy" | "too_many"> {
  const project = projectNameFor(new URL(crawl.url));
  const busyProject = sql`EXISTS (SELECT 1 FROM ${crawls} WHERE ${and(unfinished(accountId), eq(crawls.project, project))})`;
  const active = sql`(SELECT count(*) FROM ${crawls} WHERE ${unfinished(accountId)})`;
  const inserted = await db.get<{ id: number } | undefined>(sql`
    INSERT INTO ${crawls} (account_id, project, url, source, "limit", schedule, privacy, password_hash, render, interval_ms, previous_id,
      auth_secret, auth_summary)
    SELECT ${accountId}, ${project}, ${crawl.url}, ${crawl.source}, ${crawl.limit}, ${crawl.schedule}, ${crawl.privacy},
      ${crawl.passwordHash}, ${crawl.render}, ${settings.intervalMs}, ${crawl.previousId ?? null},
      ${crawl.authSecret ?? null}, ${crawl.authSummary ? JSON.stringify(crawl.authSummary) : null}
    WHERE NOT ${busyProject} AND ${active} < ${settings.maxActive}
    RETURNING id`);
  if (inserted) return (await db.select().from(crawls).where(eq(crawls.id, inserted.id)).get())!;
  const busy = await db.get<{ busy: number }>(sql`SELECT ${busyProject} AS busy`);
  return busy?.busy ? "project_busy" : "too_many";
}

/** The API's answer to a refused insert. */
export function refusal(reason: "project_busy" | "too_many", settings: CrawlSettings): never {
  if (reason === "project_busy") throw new ApiError(409, "This project already has an unfinished crawl. Cancel it or wait for it to finish.");
  throw new ApiError(429, `At most ${settings.maxActive} crawls may run at once. Try again when one has finished.`, undefined, { "Retry-After": "60" });
}

import { eq } from "drizzle-orm";
import { accounts } from "../db/schema";
import type { Db } from "../db/client";
import { ApiError } from "../http/errors";
import { targetUrlOrThrow } from "../targets/target-url";
import { passwordRule } from "../targets/password-rule";
import { normalizeCrawlUrl } from "../site/discovery/normalize-url";
import type { NewCrawl } from "./crawl-lifecycle";
import type { StoreCrawlInput } from "./schemas";
import type { Config, CrawlSettings } from "../config";
import { authColumnsFor, noAuth } from "../targets/sealed-auth";
import type { UsageCounter } from "../accounts/usage";
import { quotaExceeded } from "../http/quota";

/** Checks the input of POST /crawls and turns it into a crawl to insert; `maxRate` is the account's cap on `rate`. */
export async function crawlFromInput(
  /** The limits, and for `auth` the key of webhook secrets (503 without it). */
  all: Pick<Config, "allowPrivateTargets" | "webhookEncryptionKey" | "crawl">,
  accountId: number,
  input: StoreCrawlInput,
  maxRate = all.crawl.maxRate,
): Promise<NewCrawl> {
  const { crawl: settings, allowPrivateTargets } = all;
  if (input.limit > settings.maxPages) {
    const message = `The limit field must be between 1 and ${settings.maxPages}.`;
    throw new ApiError(422, message, { limit: [message] });
  }
  if (input.rate > maxRate) {
    const message = `The rate field must be between 1 and ${maxRate} for this account.`;
    throw new ApiError(422, message, { rate: [message] });
  }
  const url = normalizeCrawlUrl(targetUrlOrThrow(input.url, allowPrivateTargets).href)!;
  const passwordHash = (await passwordRule(input.privacy, input.password, false)) ?? null;
  // The credentials belong to the origin of the URL given: every page of the crawl on it gets them, nothing else.
  const auth = (await authColumnsFor(all, accountId, url, input.auth)) ?? noAuth;
  return { url, source: input.source, limit: input.limit, schedule: input.schedule, privacy: input.privacy, passwordHash, render: input.render, rate: input.rate, ...auth };
}

/** The API's answer to a refused insert. */
export function refusal(reason: "project_busy" | "too_many" | UsageCounter, settings: CrawlSettings): never {
  if (reason !== "project_busy" && reason !== "too_many") throw quotaExceeded(reason);
  if (reason === "project_busy") throw new ApiError(409, "This project already has an unfinished crawl. Cancel it or wait for it to finish.");
  throw new ApiError(429, `At most ${settings.maxActive} crawls may run at once. Try again when one has finished.`, undefined, { "Retry-After": "60" });
}

/** The highest `rate` the account's crawls may ask for: its own cap (set by an operator), else MAX_CRAWL_RATE. */
export async function accountCrawlRateCap(db: Db, accountId: number, fallback: number): Promise<number> {
  const account = await db.select({ cap: accounts.maxCrawlRate }).from(accounts).where(eq(accounts.id, accountId)).get();
  return account?.cap ?? fallback;
}

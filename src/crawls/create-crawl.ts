import { ApiError } from "../http/errors";
import { targetUrlOrThrow } from "../reports/create-report";
import { passwordRule } from "../reports/password-rule";
import { normalizeCrawlUrl } from "../site/discovery/normalize-url";
import type { NewCrawl } from "./crawl-lifecycle";
import type { StoreCrawlInput } from "./schemas";
import type { Config, CrawlSettings } from "../config";
import { authColumnsFor, noAuth } from "../reports/sealed-auth";

/** Checks the input of POST /crawls and turns it into a crawl to insert. */
export async function crawlFromInput(
  /** The limits, and for `auth` the key of webhook secrets (503 without it). */
  all: Pick<Config, "allowPrivateTargets" | "webhookEncryptionKey" | "crawl">,
  accountId: number,
  input: StoreCrawlInput,
): Promise<NewCrawl> {
  const { crawl: settings, allowPrivateTargets } = all;
  if (input.limit > settings.maxPages) {
    const message = `The limit field must be between 1 and ${settings.maxPages}.`;
    throw new ApiError(422, message, { limit: [message] });
  }
  const url = normalizeCrawlUrl(targetUrlOrThrow(input.url, allowPrivateTargets).href)!;
  const passwordHash = (await passwordRule(input.privacy, input.password, false)) ?? null;
  // The credentials belong to the origin of the URL given: every page of the crawl on it gets them, nothing else.
  const auth = (await authColumnsFor(all, accountId, url, input.auth)) ?? noAuth;
  return { url, source: input.source, limit: input.limit, schedule: input.schedule, privacy: input.privacy, passwordHash, render: input.render, ...auth };
}

/** The API's answer to a refused insert. */
export function refusal(reason: "project_busy" | "too_many", settings: CrawlSettings): never {
  if (reason === "project_busy") throw new ApiError(409, "This project already has an unfinished crawl. Cancel it or wait for it to finish.");
  throw new ApiError(429, `At most ${settings.maxActive} crawls may run at once. Try again when one has finished.`, undefined, { "Retry-After": "60" });
}

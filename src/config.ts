/**
 * The service's configuration: every var of wrangler.toml `[vars]` and the optional secrets, parsed once with
 * zod, each with its default and meaning beside it (docs/configuration.md has the same table for operators).
 *
 * A var left out takes its default. A var that is set but malformed is an error that names it and says what it
 * expects; it is never replaced by the default, so a typo in a deploy is seen at once instead of running on
 * numbers nobody chose. How the error surfaces: `config(env)` throws a plain Error whose message starts with
 * "Invalid configuration:", logged once per env object (so once per isolate). The API answers its usual 500
 * (the message stays in the logs, not in responses), a queue batch is retried like any failed batch, and a cron
 * run fails: the deploy is wrong, and every path says so until it is fixed.
 *
 * Kinds: whole or fractional numbers with bounds, "true"/"false" flags, comma-separated lists, an origin, secrets.
 */
// zod/mini, not zod: the command line bundles this module, and mini adds ~20 KB to it where zod adds ~450 KB.
import * as z from "zod/mini";
import { defaultAnalysisOptions, type AnalysisOptions } from "./analysis/settings";
import { defaultCheckSettings as checkDefaults } from "./analysis/types";
import type { LinkCheckBounds } from "./site/link-plan";

/** A number in text (wrangler vars are strings) becomes a number; anything else stays as is and fails below. */
const numberText = /^-?\d+(\.\d+)?$/;
const fromText = (value: unknown) => (typeof value === "string" && numberText.test(value) ? Number(value) : value);

/** A number between `min` and `max` (whole unless `fraction`), as text or a number; `unit` words the error. */
function number(spec: { default: number; min: number; max: number; unit?: string; fraction?: boolean }, meaning: string) {
  const error = `${spec.fraction ? "a number" : "a whole number"}${spec.unit ? ` of ${spec.unit}` : ""} between ${spec.min} and ${spec.max}`;
  const value = (spec.fraction ? z.number({ error }) : z.int({ error })).check(z.minimum(spec.min, { error }), z.maximum(spec.max, { error }));
  return z._default(z.pipe(z.transform(fromText), value), spec.default).check(z.describe(meaning));
}

/** "true" or "false" exactly: "TRUE", "1" or "yes" are errors, not a silent false. */
function flag(spec: { default: boolean }, meaning: string) {
  const text = (word: "true" | "false") => z.pipe(z.literal(word), z.transform(() => word === "true"));
  return z._default(z.union([text("true"), text("false"), z.boolean()], { error: `"true" or "false"` }), spec.default).check(z.describe(meaning));
}

/**
 * A comma-separated list of robots.txt product tokens (RFC 9309: letters, "-" and "_"; digits too, as vendors
 * use them), spaces around commas allowed, at least one; kept in the order given.
 */
function tokenList(spec: { default: readonly string[] }, meaning: string) {
  const error = 'a comma-separated list of robots.txt product tokens (letters, digits, "-" and "_"), such as "GPTBot, CCBot"';
  const valid = (text: string) => text.split(",").every((token) => /^[A-Za-z0-9_-]+$/.test(token.trim()));
  const list = z.pipe(z.string({ error }).check(z.refine(valid, { error })), z.transform((text) => text.split(",").map((token) => token.trim())));
  return z._default(list, [...spec.default]).check(z.describe(meaning));
}

/** An http(s) URL, kept as its origin; empty means none (null). */
function origin(meaning: string) {
  const error = "an http(s) URL such as https://pagegrade.example, or empty";
  const valid = (text: string) => text === "" || (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol));
  const url = z.pipe(z.string({ error }).check(z.refine(valid, { error })), z.transform((text) => (text === "" ? null : new URL(text).origin)));
  return z._default(url, null).check(z.describe(meaning));
}

/** An http(s) URL, kept as its origin; left out or empty, `fallback`. */
function originOr(fallback: string, meaning: string) {
  const error = "an http(s) URL such as https://chromeuxreport.googleapis.com, or empty";
  const valid = (text: string) => text === "" || (URL.canParse(text) && /^https?:$/.test(new URL(text).protocol));
  const url = z.pipe(z.string({ error }).check(z.refine(valid, { error })), z.transform((text) => (text === "" ? fallback : new URL(text).origin)));
  return z._default(url, fallback).check(z.describe(meaning));
}

/** A Worker secret: any string; unset or empty means none. */
function secret(meaning: string) {
  return z.optional(z.pipe(z.string({ error: "a string" }), z.transform((text) => text || undefined))).check(z.describe(meaning));
}

const ms = "milliseconds";

/** Analysis: the page fetch and the checks' limits; also what the command line reads. */
const analysisVars = {
  ALLOW_PRIVATE_TARGETS: flag({ default: false },
    "allow localhost, private IPs and any port as page and webhook targets; never on in what `wrangler deploy` ships",
  ),
  FETCH_TIMEOUT_MS: number({ default: defaultAnalysisOptions.timeoutMs, min: 1000, max: 60_000, unit: ms },
    "total time for one page fetch, every redirect hop included",
  ),
  FETCH_MAX_BYTES: number({ default: defaultAnalysisOptions.maxBytes, min: 1024, max: 32 * 1024 * 1024, unit: "bytes" },
    "body limit of a page; larger pages fail with too_large (each page in flight is held in the isolate's 128 MB)",
  ),
  TITLE_MIN_LENGTH: number({ default: checkDefaults.titleMinLength, min: 0, max: 1000, unit: "characters" }, "`title`: shortest"),
  TITLE_MAX_LENGTH: number({ default: checkDefaults.titleMaxLength, min: 1, max: 1000, unit: "characters" }, "`title`: longest"),
  META_DESCRIPTION_MIN_LENGTH: number({ default: checkDefaults.metaDescriptionMinLength, min: 0, max: 1000, unit: "characters" },
    "`meta_description_length`: shortest",
  ),
  META_DESCRIPTION_MAX_LENGTH: number({ default: checkDefaults.metaDescriptionMaxLength, min: 1, max: 1000, unit: "characters" },
    "`meta_description_length`: longest",
  ),
  MAX_IN_PAGE_LINKS: number({ default: checkDefaults.maxInPageLinks, min: 0, max: 100_000, unit: "links" }, "`in_page_links`"),
  MAX_LOAD_TIME_MS: number({ default: checkDefaults.maxLoadTimeMs, min: 1, max: 60_000, unit: ms }, "`load_time`"),
  MAX_PAGE_BYTES: number({ default: checkDefaults.maxPageBytes, min: 1, max: 32 * 1024 * 1024, unit: "bytes" }, "`page_size`"),
  MAX_HTTP_REQUESTS: number({ default: checkDefaults.maxHttpRequests, min: 0, max: 10_000, unit: "resources" }, "`http_requests`"),
  MAX_DOM_ELEMENTS: number({ default: checkDefaults.maxDomElements, min: 1, max: 1_000_000, unit: "elements" }, "`dom_size`"),
  MIN_CONTENT_WORDS: number({ default: checkDefaults.minContentWords, min: 0, max: 100_000, unit: "words" }, "`content_length`"),
  MIN_TEXT_HTML_RATIO: number({ default: checkDefaults.minTextHtmlRatio, min: 0, max: 100, unit: "percent", fraction: true },
    "`text_html_ratio`",
  ),
  // AI crawlers come and go faster than releases: an operator adds a new token here without a deploy of code.
  AI_SEARCH_CRAWLERS: tokenList({ default: checkDefaults.aiCrawlers.search },
    "`ai_crawlers`: AI search crawlers; blocking one of them while Googlebot is allowed fails the check",
  ),
  AI_USER_FETCHERS: tokenList({ default: checkDefaults.aiCrawlers.user },
    "`ai_crawlers`: fetchers acting on a user's request; blocking one while Googlebot is allowed fails the check",
  ),
  AI_TRAINING_CRAWLERS: tokenList({ default: checkDefaults.aiCrawlers.training },
    "`ai_crawlers`: training crawlers; reported, never failed (blocking them is the site's choice)",
  ),
};

/** The analysis queue's consumer. */
const queueVars = {
  ANALYSIS_MAX_ATTEMPTS: number({ default: 5, min: 1, max: 100, unit: "attempts" },
    "attempts of one analysis (counted on the report, not in queue deliveries) before a temporary failure (timeout, 429/503) marks the report failed",
  ),
  ANALYSIS_RETRY_DELAY_SECONDS: number({ default: 2, min: 1, max: 300, unit: "seconds" },
    "wait before an analysis's second attempt, doubled before each next one, up to five minutes (2, 4, 8, 16 s ...)",
  ),
  // What holds memory is a page's body and its DOM, not a fetch waiting on the network: every fetch of a batch
  // starts at once, bodies share this budget and DOMs go one at a time (docs/configuration.md has the soak figures).
  BODY_BUDGET_BYTES: number({ default: 16 * 1024 * 1024, min: 1024, max: 96 * 1024 * 1024, unit: "bytes" },
    "page bodies one isolate holds at once, counted as they stream in; a page that would pass it waits (one larger page runs alone)",
  ),
  SLOW_LANE_AFTER_MS: number({ default: 2000, min: 100, max: 60_000, unit: ms },
    "first deadline of the analysis queue: a page whose response headers have not arrived by then moves to the slow lane, which gives it FETCH_TIMEOUT_MS and the retries",
  ),
  HOST_CONCURRENCY: number({ default: 4, min: 1, max: 100, unit: "analyses" },
    "analyses of one host (name, any port) running at once across both lanes and every consumer; the rest wait a few seconds in the queue",
  ),
};

/** History, schedules and webhooks. */
const monitoringVars = {
  HISTORY_LIMIT: number({ default: 100, min: 1, max: 10_000, unit: "rows" }, "history rows kept per report; older ones are pruned"),
  SCHEDULE_BATCH: number({ default: 1000, min: 1, max: 10_000, unit: "runs" },
    "scheduled runs enqueued per cron tick; the rest wait for the next minute",
  ),
  MAX_WEBHOOKS: number({ default: 10, min: 1, max: 1000, unit: "endpoints" }, "webhook endpoints per account"),
  WEBHOOK_TIMEOUT_MS: number({ default: 15_000, min: 1000, max: 60_000, unit: ms }, "time a receiver has to answer a delivery"),
  PUBLIC_ORIGIN: origin("origin of the report pages, for page_url in webhook payloads (null while empty)"),
  ROBOTS_WATCH_MINUTES: number({ default: 15, min: 1, max: 10_080, unit: "minutes" }, "how often the cron reads the robots.txt of a project with watch_robots"),
  DIRECTORY_CACHE_SECONDS: number({ default: 60, min: 0, max: 3600, unit: "seconds" },
    "with shards: how long an isolate keeps a key's account and shard from the directory (a revoked key or a move is seen after at most this)",
  ),
  MOVE_STEP_SECONDS: number({ default: 20, min: 1, max: 600, unit: "seconds" },
    "with shards: how long one cron tick advances the open account moves (docs/operations.md \"Moving one account\")",
  ),
};

/** The highest MAX_CRAWL_PAGES allows; the command line's --limit has the same ceiling (its crawl holds the pages' facts in memory). */
export const CRAWL_PAGES_CEILING = 100_000;
/** CRAWL_INTERVAL_MS's range, which the command line's --interval-ms keeps too. */
export const CRAWL_INTERVAL_BOUNDS = { min: 0, max: 60_000 } as const;

/** Crawls. */
const crawlVars = {
  MAX_CRAWL_PAGES: number({ default: 1000, min: 1, max: CRAWL_PAGES_CEILING, unit: "pages" }, "highest `limit` of a crawl"),
  MAX_CRAWL_DEPTH: number({ default: 5, min: 0, max: 100, unit: "clicks" }, "clicks from the start URL that link discovery follows"),
  MAX_ACTIVE_CRAWLS: number({ default: 3, min: 1, max: 100, unit: "crawls" }, "unfinished crawls per account (429 beyond)"),
  CRAWL_INTERVAL_MS: number({ default: 1000, ...CRAWL_INTERVAL_BOUNDS, unit: ms },
    "at least this long between two fetches of one crawl (or robots.txt Crawl-delay, up to 30 s)",
  ),
  MAX_CRAWL_RATE: number({ default: 8, min: 1, max: 8, unit: "fetches" },
    "highest `rate` (concurrent fetches) of a crawl, unless the account has its own cap (`accounts.max_crawl_rate`)",
  ),
  CRAWL_SLOW_TTFB_MS: number({ default: 1000, min: 1, max: 60_000, unit: ms },
    "a crawl's page answering slower than this (time to first byte) drops the crawl to one fetch at a time, then grows its interval",
  ),
  LINK_CHECK_LIMIT: number({ default: 1000, min: 0, max: 100_000, unit: "links" },
    "internal link targets a crawl checks with HEAD once its pages are audited (those it did not audit, most linked first), and as many external ones; the rest count as `not_checked`",
  ),
  LINK_CHECK_PER_HOST: number({ default: 10, min: 0, max: 1000, unit: "links" }, "external link targets a crawl checks at most per other host"),
  SITE_CHECK_BATCH: number({ default: 1000, min: 1, max: 10_000, unit: "pages" },
    "crawl pages a crawl handles at a time: discovery writes and queues, the link plan and the site checks read (keyset batches): what bounds their memory",
  ),
  // At least 2: a crawl that completes compares with the one before it, which must still have its page rows.
  CRAWL_HISTORY: number({ default: 3, min: 2, max: 1000, unit: "crawls" },
    "completed crawls per project that keep their page rows; the cron prunes older ones to their summary, site checks and issue counts",
  ),
};

/** Rendered audits (docs/rendering.md): the `browser` binding's pages. */
const renderVars = {
  RENDERING: flag({ default: true },
    "rendered audits (`render=1`) are offered when this is true and a BROWSER binding exists; `npm run dev` sets it false when no Chromium is found",
  ),
  RENDER_CONCURRENCY: number({ default: 2, min: 1, max: 10, unit: "pages" },
    "pages rendered at once per consumer invocation (tabs of its one browser; each holds a renderer process)",
  ),
  RENDER_TIMEOUT_MS: number({ default: 20_000, min: 1000, max: 120_000, unit: ms },
    "deadline of one page in the browser: load, up to 2 s of network idle and reading the DOM; past it the report fails with render_timeout",
  ),
};

/** The API the Chrome UX Report's field data comes from: Google's, unless the operator points it elsewhere. */
export const CRUX_API_DEFAULT_ORIGIN = "https://chromeuxreport.googleapis.com";

/** Field data (docs/analysis.md "Field data"): the Chrome UX Report API, asked only when CRUX_API_KEY is set. */
const fieldVars = {
  CRUX_API_ORIGIN: originOr(CRUX_API_DEFAULT_ORIGIN,
    "origin of the Chrome UX Report API (`POST /v1/records:queryRecord`); Google's when empty",
  ),
  CRUX_TIMEOUT_MS: number({ default: 3000, min: 100, max: 30_000, unit: ms },
    "deadline of one Chrome UX Report query, answer read included; past it `core_web_vitals` says field data is unavailable and the audit goes on",
  ),
  // The API's quota is 150 queries a minute per Google Cloud project; a margin is left for anything else using the key.
  CRUX_QUERIES_PER_MINUTE: number({ default: 140, min: 1, max: 150, unit: "queries" },
    "Chrome UX Report queries a minute across every consumer (counted in D1); past it an audit says field data is unavailable for now",
  ),
};

/** Worker secrets (`wrangler secret put`), not in wrangler.toml. */
const secretVars = {
  REPORT_COOKIE_SECRET: secret("HMAC key of report-page unlock cookies; without it protected pages cannot be unlocked"),
  WEBHOOK_ENCRYPTION_KEY: secret(
    "any long random string; its SHA-256 is the AES-GCM key of stored webhook secrets; without it webhook endpoints answer 503",
  ),
  CRUX_API_KEY: secret(
    "Google Cloud API key of the Chrome UX Report API: field data in `core_web_vitals`; without it no query is made and the check does not apply",
  ),
};

const ordered = [
  ["TITLE_MIN_LENGTH", "TITLE_MAX_LENGTH"],
  ["META_DESCRIPTION_MIN_LENGTH", "META_DESCRIPTION_MAX_LENGTH"],
] as const;

/** Checks a lower limit does not pass its upper one, once both are well-formed. */
const inOrder = z.superRefine((vars: z.output<z.ZodMiniObject<typeof analysisVars>>, ctx) => {
  for (const [low, high] of ordered) {
    if (vars[low] > vars[high]) ctx.addIssue({ code: "custom", path: [low], message: `at most ${high} (${vars[high]})` });
  }
});

/** Every var the config reads, in the order of docs/configuration.md. */
const allVars = { ...analysisVars, ...queueVars, ...monitoringVars, ...crawlVars, ...renderVars, ...fieldVars, ...secretVars };

const analysisSchema = z.object(analysisVars).check(inOrder);
const configSchema = z.object(allVars).check(inOrder);

export type ConfigVarName = keyof typeof allVars;
/** Every var the config reads, by name. */
export const configVarNames = Object.keys(allVars) as ConfigVarName[];

/**
 * The vars, by name: a Record<string, unknown> would refuse the Worker's `Env` (an interface has no index
 * signature), while this takes `Env`, `process.env` and a plain object alike.
 */
export type ConfigVars = Partial<Record<ConfigVarName, unknown>>;

export interface CrawlSettings {
  maxPages: number;
  maxDepth: number;
  maxActive: number;
  intervalMs: number;
  /** MAX_CRAWL_RATE: the highest `rate`, where the account sets no cap of its own. */
  maxRate: number;
  /** CRAWL_SLOW_TTFB_MS: slower first bytes slow the crawl down (src/crawls/crawl-pace.ts). */
  slowTtfbMs: number;
  /** LINK_CHECK_LIMIT and LINK_CHECK_PER_HOST: how far a crawl's link checks go (site/link-plan.ts). */
  linkChecks: LinkCheckBounds;
  /** SITE_CHECK_BATCH: pages the site checks read at a time. */
  siteCheckBatch: number;
  /** CRAWL_HISTORY: completed crawls per project that keep their page rows (src/crawls/prune-crawls.ts). */
  history: number;
}

export interface RenderSettings {
  /** RENDERING: whether rendered audits may be offered at all (the BROWSER binding must exist too). */
  enabled: boolean;
  concurrency: number;
  timeoutMs: number;
}

/** Field data from the Chrome UX Report API (src/field/field-data.ts). */
export interface FieldSettings {
  apiOrigin: string;
  /** CRUX_API_KEY: a secret; handed to the request only, never logged or stored. */
  apiKey: string | undefined;
  timeoutMs: number;
  queriesPerMinute: number;
}

export interface Config {
  /** ALLOW_PRIVATE_TARGETS, for page fetches (also in `analysis`) and webhook endpoints. */
  allowPrivateTargets: boolean;
  analysis: AnalysisOptions;
  analysisMaxAttempts: number;
  /** ANALYSIS_RETRY_DELAY_SECONDS: the first retry's delay, doubled per attempt. */
  retryDelaySeconds: number;
  /** SLOW_LANE_AFTER_MS: the main lane's first deadline. */
  firstDeadlineMs: number;
  bodyBudgetBytes: number;
  hostConcurrency: number;
  historyLimit: number;
  scheduleBatch: number;
  maxWebhooks: number;
  webhookTimeoutMs: number;
  /** PUBLIC_ORIGIN as an origin, or null when empty. */
  publicOrigin: string | null;
  robotsWatchMinutes: number;
  /** DIRECTORY_CACHE_SECONDS: read only when the Worker has shards (src/http/auth.ts). */
  directoryCacheSeconds: number;
  /** MOVE_STEP_SECONDS: the cron's time budget for advancing account moves (src/db/move-job.ts). */
  moveStepSeconds: number;
  crawl: CrawlSettings;
  render: RenderSettings;
  field: FieldSettings;
  reportCookieSecret: string | undefined;
  webhookEncryptionKey: string | undefined;
}

/** Parses `schema` over the named vars only (an Env also holds bindings), or throws the one readable error. */
function parseVars<S extends z.ZodMiniType>(schema: S, names: readonly string[], vars: object): z.output<S> {
  const picked = Object.fromEntries(names.map((name) => [name, (vars as Record<string, unknown>)[name]]));
  const result = schema.safeParse(picked);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return `${name} must be ${issue.message} (got ${JSON.stringify(picked[name])})`;
  });
  throw new Error(`Invalid configuration: ${problems.join("; ")}`);
}

function toAnalysisOptions(vars: z.output<typeof analysisSchema>): AnalysisOptions {
  return {
    allowPrivateTargets: vars.ALLOW_PRIVATE_TARGETS,
    timeoutMs: vars.FETCH_TIMEOUT_MS,
    maxBytes: vars.FETCH_MAX_BYTES,
    settings: {
      titleMinLength: vars.TITLE_MIN_LENGTH,
      titleMaxLength: vars.TITLE_MAX_LENGTH,
      metaDescriptionMinLength: vars.META_DESCRIPTION_MIN_LENGTH,
      metaDescriptionMaxLength: vars.META_DESCRIPTION_MAX_LENGTH,
      maxInPageLinks: vars.MAX_IN_PAGE_LINKS,
      maxLoadTimeMs: vars.MAX_LOAD_TIME_MS,
      maxPageBytes: vars.MAX_PAGE_BYTES,
      maxHttpRequests: vars.MAX_HTTP_REQUESTS,
      maxDomElements: vars.MAX_DOM_ELEMENTS,
      minContentWords: vars.MIN_CONTENT_WORDS,
      minTextHtmlRatio: vars.MIN_TEXT_HTML_RATIO,
      aiCrawlers: { search: vars.AI_SEARCH_CRAWLERS, user: vars.AI_USER_FETCHERS, training: vars.AI_TRAINING_CRAWLERS },
    },
  };
}

const toCrawlSettings = (v: z.output<z.ZodMiniObject<typeof crawlVars>>): CrawlSettings => ({
  maxPages: v.MAX_CRAWL_PAGES,
  maxDepth: v.MAX_CRAWL_DEPTH,
  maxActive: v.MAX_ACTIVE_CRAWLS,
  intervalMs: v.CRAWL_INTERVAL_MS,
  maxRate: v.MAX_CRAWL_RATE,
  slowTtfbMs: v.CRAWL_SLOW_TTFB_MS,
  linkChecks: { limit: v.LINK_CHECK_LIMIT, perHost: v.LINK_CHECK_PER_HOST },
  siteCheckBatch: v.SITE_CHECK_BATCH,
  history: v.CRAWL_HISTORY,
});

/** The whole config from a set of vars, parsed now (no cache): `config(env)` is the one to call in the Worker. */
export function parseConfig(vars: ConfigVars): Config {
  const v = parseVars(configSchema, configVarNames, vars);
  return {
    allowPrivateTargets: v.ALLOW_PRIVATE_TARGETS,
    analysis: toAnalysisOptions(v),
    analysisMaxAttempts: v.ANALYSIS_MAX_ATTEMPTS,
    retryDelaySeconds: v.ANALYSIS_RETRY_DELAY_SECONDS,
    firstDeadlineMs: v.SLOW_LANE_AFTER_MS,
    bodyBudgetBytes: v.BODY_BUDGET_BYTES,
    hostConcurrency: v.HOST_CONCURRENCY,
    historyLimit: v.HISTORY_LIMIT,
    scheduleBatch: v.SCHEDULE_BATCH,
    maxWebhooks: v.MAX_WEBHOOKS,
    webhookTimeoutMs: v.WEBHOOK_TIMEOUT_MS,
    publicOrigin: v.PUBLIC_ORIGIN,
    robotsWatchMinutes: v.ROBOTS_WATCH_MINUTES,
    directoryCacheSeconds: v.DIRECTORY_CACHE_SECONDS,
    moveStepSeconds: v.MOVE_STEP_SECONDS,
    crawl: toCrawlSettings(v),
    render: { enabled: v.RENDERING, concurrency: v.RENDER_CONCURRENCY, timeoutMs: v.RENDER_TIMEOUT_MS },
    field: toFieldSettings(v),
    reportCookieSecret: v.REPORT_COOKIE_SECRET,
    webhookEncryptionKey: v.WEBHOOK_ENCRYPTION_KEY,
  };
}

/**
 * Analysis options from the analysis vars alone: the command line reads them from process.env, where the
 * Worker's other vars have no business (and a stray HISTORY_LIMIT must not stop an audit).
 */
export function analysisOptionsFromEnv(vars: ConfigVars): AnalysisOptions {
  return toAnalysisOptions(parseVars(analysisSchema, Object.keys(analysisVars), vars));
}

type FieldVars = { CRUX_API_ORIGIN: string; CRUX_API_KEY?: string | undefined; CRUX_TIMEOUT_MS: number; CRUX_QUERIES_PER_MINUTE: number };
const toFieldSettings = (v: FieldVars): FieldSettings => ({
  apiOrigin: v.CRUX_API_ORIGIN,
  apiKey: v.CRUX_API_KEY,
  timeoutMs: v.CRUX_TIMEOUT_MS,
  queriesPerMinute: v.CRUX_QUERIES_PER_MINUTE,
});

/** Field data settings from the field vars and CRUX_API_KEY alone: `pagegrade` reads them from process.env (docs/cli.md). */
export function fieldSettingsFromEnv(vars: ConfigVars): FieldSettings {
  const names = [...Object.keys(fieldVars), "CRUX_API_KEY"];
  return toFieldSettings(parseVars(z.object({ ...fieldVars, CRUX_API_KEY: secretVars.CRUX_API_KEY }), names, vars));
}

/** Crawl settings from the crawl vars alone: `pagegrade crawl` reads CRAWL_INTERVAL_MS and MAX_CRAWL_DEPTH from process.env. */
export function crawlSettingsFromEnv(vars: ConfigVars): CrawlSettings {
  return toCrawlSettings(parseVars(z.object(crawlVars), Object.keys(crawlVars), vars));
}

/** RENDER_TIMEOUT_MS alone: `pagegrade audit --render` reads it from process.env (docs/rendering.md). */
export function renderTimeoutFromEnv(vars: ConfigVars): number {
  const { RENDER_TIMEOUT_MS } = renderVars;
  return parseVars(z.object({ RENDER_TIMEOUT_MS }), ["RENDER_TIMEOUT_MS"], vars).RENDER_TIMEOUT_MS;
}

/** Parsed config, or the error it threw, per env object: the Worker's env lives as long as its isolate. */
const parsed = new WeakMap<object, Config | Error>();

/** The Worker's config, parsed on first use and cached per env object; throws (and logs once) when malformed. */
export function config(env: ConfigVars & object): Config {
  let entry = parsed.get(env);
  if (!entry) {
    try {
      entry = parseConfig(env);
    } catch (error) {
      entry = error as Error;
      console.error(entry.message);
    }
    parsed.set(env, entry);
  }
  if (entry instanceof Error) throw entry;
  return entry;
}

import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { defaultCheckSettings } from "../src/analysis/types";
import { analysisOptionsFromEnv, config, configVarNames, parseConfig } from "../src/config";
import worker from "../src/index";
import { BASE, createCaller, type Caller } from "./helpers/api";

const secrets = ["REPORT_COOKIE_SECRET", "WEBHOOK_ENCRYPTION_KEY", "CRUX_API_KEY"];
const invalid = (problem: string) => `Invalid configuration: ${problem}`;

describe("config: defaults and values", () => {
  it("takes every default when nothing is set", () => {
    expect(parseConfig({})).toEqual({
      allowPrivateTargets: false,
      analysis: { allowPrivateTargets: false, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, settings: defaultCheckSettings },
      analysisMaxAttempts: 5,
      retryDelaySeconds: 2,
      firstDeadlineMs: 2000,
      bodyBudgetBytes: 16 * 1024 * 1024,
      hostConcurrency: 4,
      historyLimit: 100,
      scheduleBatch: 1000,
      maxWebhooks: 10,
      webhookTimeoutMs: 15_000,
      publicOrigin: null,
      robotsWatchMinutes: 15,
      directoryCacheSeconds: 60,
      moveStepSeconds: 20,
      crawl: { maxPages: 1000, maxDepth: 5, maxActive: 3, intervalMs: 1000, maxRate: 8, slowTtfbMs: 1000, linkChecks: { limit: 1000, perHost: 10 }, siteCheckBatch: 1000, history: 3 },
      render: { enabled: true, concurrency: 2, timeoutMs: 20_000 },
      field: { apiOrigin: "https://chromeuxreport.googleapis.com", apiKey: undefined, timeoutMs: 3000, queriesPerMinute: 140 },
      reportCookieSecret: undefined,
      webhookEncryptionKey: undefined,
    });
  });

  it("field data: the CrUX API's origin (Google's when empty), its deadline and pace, the key as a secret", () => {
    const field = (vars: Record<string, string>) => parseConfig(vars).field;
    expect(field({ CRUX_API_ORIGIN: "" }).apiOrigin).toBe("https://chromeuxreport.googleapis.com");
    expect(field({ CRUX_API_ORIGIN: "http://127.0.0.1:4000/ignored/path", CRUX_API_KEY: "k", CRUX_TIMEOUT_MS: "500", CRUX_QUERIES_PER_MINUTE: "150" })).toEqual({
      apiOrigin: "http://127.0.0.1:4000",
      apiKey: "k",
      timeoutMs: 500,
      queriesPerMinute: 150,
    });
    expect(field({ CRUX_API_KEY: "" }).apiKey).toBeUndefined();
    // Past the API's own quota is refused, not clamped: a deploy asking for more would be throttled by Google.
    expect(() => parseConfig({ CRUX_QUERIES_PER_MINUTE: "151" })).toThrow(invalid(`CRUX_QUERIES_PER_MINUTE must be a whole number of queries between 1 and 150 (got "151")`));
    expect(() => parseConfig({ CRUX_API_ORIGIN: "ftp://x" })).toThrow(/CRUX_API_ORIGIN must be an http\(s\) URL/);
  });

  it("reads every analysis var, the ratio as a fraction", () => {
    const options = analysisOptionsFromEnv({
      ALLOW_PRIVATE_TARGETS: "true",
      FETCH_TIMEOUT_MS: "2500",
      FETCH_MAX_BYTES: "2048",
      TITLE_MIN_LENGTH: "5",
      TITLE_MAX_LENGTH: "70",
      META_DESCRIPTION_MIN_LENGTH: "40",
      META_DESCRIPTION_MAX_LENGTH: "150",
      MAX_IN_PAGE_LINKS: "100",
      MAX_LOAD_TIME_MS: "1000",
      MAX_PAGE_BYTES: "200000",
      MAX_HTTP_REQUESTS: "30",
      MAX_DOM_ELEMENTS: "1000",
      MIN_CONTENT_WORDS: "300",
      MIN_TEXT_HTML_RATIO: "12.5",
      AI_SEARCH_CRAWLERS: "OAI-SearchBot",
      AI_USER_FETCHERS: " ChatGPT-User ,Claude-User",
      AI_TRAINING_CRAWLERS: "GPTBot, NewBot_2",
    });
    expect(options).toEqual({
      allowPrivateTargets: true,
      timeoutMs: 2500,
      maxBytes: 2048,
      settings: {
        titleMinLength: 5,
        titleMaxLength: 70,
        metaDescriptionMinLength: 40,
        metaDescriptionMaxLength: 150,
        maxInPageLinks: 100,
        maxLoadTimeMs: 1000,
        maxPageBytes: 200_000,
        maxHttpRequests: 30,
        maxDomElements: 1000,
        minContentWords: 300,
        minTextHtmlRatio: 12.5,
        aiCrawlers: { search: ["OAI-SearchBot"], user: ["ChatGPT-User", "Claude-User"], training: ["GPTBot", "NewBot_2"] },
      },
    });
  });

  it("reads every other var, secrets included, and keeps PUBLIC_ORIGIN as an origin", () => {
    const parsed = parseConfig({
      ANALYSIS_MAX_ATTEMPTS: "3",
      SLOW_LANE_AFTER_MS: "500",
      BODY_BUDGET_BYTES: "1048576",
      HOST_CONCURRENCY: "10",
      HISTORY_LIMIT: "3",
      SCHEDULE_BATCH: "50",
      MAX_WEBHOOKS: "2",
      WEBHOOK_TIMEOUT_MS: "1500",
      PUBLIC_ORIGIN: "https://audits.example/reports/",
      MAX_CRAWL_PAGES: "20",
      MAX_CRAWL_DEPTH: "0",
      MAX_ACTIVE_CRAWLS: "1",
      CRAWL_INTERVAL_MS: "0",
      MAX_CRAWL_RATE: "2",
      CRAWL_SLOW_TTFB_MS: "250",
      LINK_CHECK_LIMIT: "0",
      LINK_CHECK_PER_HOST: "3",
      CRAWL_HISTORY: "5",
      RENDERING: "false",
      RENDER_CONCURRENCY: "4",
      RENDER_TIMEOUT_MS: "5000",
      REPORT_COOKIE_SECRET: "cookie",
      WEBHOOK_ENCRYPTION_KEY: "",
    });
    expect(parsed).toMatchObject({
      analysisMaxAttempts: 3,
      firstDeadlineMs: 500,
      bodyBudgetBytes: 1048576,
      hostConcurrency: 10,
      historyLimit: 3,
      scheduleBatch: 50,
      maxWebhooks: 2,
      webhookTimeoutMs: 1500,
      publicOrigin: "https://audits.example",
      crawl: { maxPages: 20, maxDepth: 0, maxActive: 1, intervalMs: 0, maxRate: 2, slowTtfbMs: 250, linkChecks: { limit: 0, perHost: 3 }, siteCheckBatch: 1000, history: 5 },
      render: { enabled: false, concurrency: 4, timeoutMs: 5000 },
      reportCookieSecret: "cookie",
      // An empty secret is no secret: webhooks then answer 503 as when it is unset.
      webhookEncryptionKey: undefined,
    });
  });
});

describe("config: a malformed value is an error naming the var and what it expects", () => {
  it.each(["", " ", "abc", "-5", "0", "NaN", "Infinity", "1e4", "15000.5", "999", "60001"])("number: FETCH_TIMEOUT_MS = %j", (value) => {
    expect(() => parseConfig({ FETCH_TIMEOUT_MS: value })).toThrow(
      invalid(`FETCH_TIMEOUT_MS must be a whole number of milliseconds between 1000 and 60000 (got ${JSON.stringify(value)})`),
    );
  });

  it.each(["zero", "0", "-3", "101"])("number: HOST_CONCURRENCY = %j", (value) => {
    expect(() => parseConfig({ HOST_CONCURRENCY: value })).toThrow(
      invalid(`HOST_CONCURRENCY must be a whole number of analyses between 1 and 100 (got "${value}")`),
    );
  });

  it("number with a fraction: MIN_TEXT_HTML_RATIO", () => {
    expect(() => parseConfig({ MIN_TEXT_HTML_RATIO: "ten" })).toThrow(
      invalid(`MIN_TEXT_HTML_RATIO must be a number of percent between 0 and 100 (got "ten")`),
    );
  });

  it.each(["TRUE", "1", "yes", "", "false "])("boolean: ALLOW_PRIVATE_TARGETS = %j", (value) => {
    expect(() => parseConfig({ ALLOW_PRIVATE_TARGETS: value })).toThrow(
      invalid(`ALLOW_PRIVATE_TARGETS must be "true" or "false" (got ${JSON.stringify(value)})`),
    );
  });

  it.each(["pagegrade.example", "ftp://pagegrade.example", "https://"])("URL: PUBLIC_ORIGIN = %j", (value) => {
    expect(() => parseConfig({ PUBLIC_ORIGIN: value })).toThrow(
      invalid(`PUBLIC_ORIGIN must be an http(s) URL such as https://pagegrade.example, or empty (got "${value}")`),
    );
  });

  it.each(["", "GPTBot;CCBot", "GPTBot,,CCBot", "Google Extended", "GPTBot/1.0"])("list: AI_TRAINING_CRAWLERS = %j", (value) => {
    expect(() => parseConfig({ AI_TRAINING_CRAWLERS: value })).toThrow(
      invalid(
        `AI_TRAINING_CRAWLERS must be a comma-separated list of robots.txt product tokens (letters, digits, "-" and "_"), such as "GPTBot, CCBot" (got ${JSON.stringify(value)})`,
      ),
    );
  });

  it("string: a secret that is not text", () => {
    expect(() => parseConfig({ REPORT_COOKIE_SECRET: 42 })).toThrow(invalid("REPORT_COOKIE_SECRET must be a string (got 42)"));
  });

  it("a lower limit above its upper limit", () => {
    expect(() => parseConfig({ TITLE_MIN_LENGTH: "70" })).toThrow(invalid(`TITLE_MIN_LENGTH must be at most TITLE_MAX_LENGTH (60) (got "70")`));
  });

  it("names every malformed var at once", () => {
    expect(() => parseConfig({ HISTORY_LIMIT: "lots", MAX_WEBHOOKS: "0" })).toThrow(
      invalid(`HISTORY_LIMIT must be a whole number of rows between 1 and 10000 (got "lots"); MAX_WEBHOOKS must be a whole number of endpoints between 1 and 1000 (got "0")`),
    );
  });

  it("the command line's analysis options read only the analysis vars", () => {
    expect(analysisOptionsFromEnv({ HISTORY_LIMIT: "lots" }).timeoutMs).toBe(15_000);
    expect(() => analysisOptionsFromEnv({ FETCH_MAX_BYTES: "5 MB" })).toThrow(
      invalid(`FETCH_MAX_BYTES must be a whole number of bytes between 1024 and 33554432 (got "5 MB")`),
    );
  });
});

describe("config: as shipped and as tested", () => {
  const shipped = inject("shippedVars");

  it("wrangler.toml's [vars] parse clean, equal the defaults, and are every var but the secrets", () => {
    expect(parseConfig(shipped)).toEqual(parseConfig({}));
    expect(Object.keys(shipped).sort()).toEqual(configVarNames.filter((name) => !secrets.includes(name)).sort());
  });

  it("the tests' bindings (vitest.config.ts over wrangler.toml) parse clean", () => {
    expect(config(env)).toMatchObject({ allowPrivateTargets: true, analysis: { timeoutMs: 3000 }, analysisMaxAttempts: 2, webhookTimeoutMs: 1500 });
  });

  it("parses once per env object, and a malformed one throws the same error each time, logged once", () => {
    expect(config(env)).toBe(config(env));
    const broken = { ...env, SCHEDULE_BATCH: "all" };
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const message = invalid(`SCHEDULE_BATCH must be a whole number of runs between 1 and 10000 (got "all")`);
      expect(() => config(broken)).toThrow(message);
      expect(() => config(broken)).toThrow(message);
      expect(log.mock.calls).toEqual([[message]]);
    } finally {
      log.mockRestore();
    }
  });
});

/** A deployment whose MAX_CRAWL_PAGES is not a number: every path that reads the config says so. */
const broken = { ...env, MAX_CRAWL_PAGES: "a thousand" } as Env;
const message = `Invalid configuration: MAX_CRAWL_PAGES must be a whole number of pages between 1 and 100000 (got "a thousand")`;

describe("a malformed var in a deployment", () => {
  let alice: Caller;
  beforeAll(async () => {
    alice = await createCaller("config");
  });

  it("makes the API answer its usual 500, the var and what it expects only in the log", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const request = new Request(`${BASE}/api/v1/reports`, {
        method: "POST",
        headers: { Authorization: `Bearer ${alice.key}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ url: `${env.PAGE_SERVER}/fixtures/sample-page.html` }),
      });
      const res = await worker.fetch(request, broken, createExecutionContext());
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: "Something went wrong on our side. Please try again.", status: 500 });
      expect(log.mock.calls.flat().map(String)).toContain(message);
    } finally {
      log.mockRestore();
    }
  });

  it("fails an analysis batch as a whole, so the queue retries it", async () => {
    const batch = createMessageBatch("pagegrade-analysis", [{ id: "config-1", timestamp: new Date(), attempts: 1, body: { reportId: 1, generation: 1 } }]);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(worker.queue(batch, broken, createExecutionContext())).rejects.toThrow(message);
    } finally {
      log.mockRestore();
    }
  });
});

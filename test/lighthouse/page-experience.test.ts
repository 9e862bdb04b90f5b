import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzePage } from "../../src/analysis/index";
import { rate, thresholds, type Rating } from "../../src/analysis/checks/experience-helpers";
import { chromiumRenderer } from "../../src/cli/chromium/renderer";
import { experiencePages, experienceRoutes } from "../server/experience-routes";
import { startPageServer } from "../server/page-server";

/**
 * The lab metrics against Lighthouse 13.5 (docs/analysis.md "Page experience"): on each planted page, desktop and
 * unthrottled (`--preset=desktop --throttling-method=provided`), our ratings of LCP, CLS and TBT equal Lighthouse's
 * values judged by the same thresholds, and our LCP element is the element Lighthouse names.
 */

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

let chrome: chromeLauncher.LaunchedChrome;
let server: { origin: string; close: () => Promise<void> };
const renderer = chromiumRenderer(CHROME);
const rows: string[] = [];

beforeAll(async () => {
  chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: "error" });
  server = await startPageServer(0, experienceRoutes);
}, 60_000);

afterAll(async () => {
  chrome?.kill();
  await renderer.close();
  await server?.close();
  console.log(rows.join("\n"));
});

type Ratings = { lcp: Rating; cls: Rating; tbt: Rating };

async function lighthouseOf(url: string): Promise<{ ratings: Ratings; values: Record<string, number>; lcpSelector: string | null }> {
  const result = await lighthouse(
    url,
    { output: "json", logLevel: "error", port: chrome.port, throttlingMethod: "provided", onlyCategories: ["performance"] },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const value = (id: string) => {
    const n = result.lhr.audits[id]?.numericValue;
    if (typeof n !== "number") throw new Error(`Lighthouse has no ${id} for ${url}: ${result.lhr.audits[id]?.errorMessage}`);
    return n;
  };
  const values = { lcp: value("largest-contentful-paint"), cls: value("cumulative-layout-shift"), tbt: value("total-blocking-time") };
  // 13.x names the element in the `lcp-breakdown-insight` audit (`largest-contentful-paint-element` is gone): a list of
  // the subparts table and a node item (core/audits/insights/lcp-breakdown-insight.js).
  const details = result.lhr.audits["lcp-breakdown-insight"]?.details as { items?: { type?: string; selector?: string }[] } | undefined;
  const lcpSelector = details?.items?.find((item) => item.type === "node")?.selector ?? null;
  return { ratings: { lcp: rate(values.lcp, thresholds.lcp), cls: rate(values.cls, thresholds.cls), tbt: rate(values.tbt, thresholds.tbt) }, values, lcpSelector };
}

async function oursOf(url: string) {
  const outcome = await analyzePage(url, { allowPrivateTargets: true, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, render: renderer.render, device: "desktop" });
  if (!outcome.ok) throw new Error(`Our analysis failed for ${url}: ${outcome.message}`);
  const ratingOf = (id: string) => (outcome.results[id]?.value as { rating: Rating }).rating;
  return {
    ratings: { lcp: ratingOf("largest_contentful_paint"), cls: ratingOf("cumulative_layout_shift"), tbt: ratingOf("total_blocking_time") },
    metrics: outcome.metrics!,
  };
}

describe("our page-experience verdicts equal Lighthouse 13.5's (desktop, provided throttling)", () => {
  for (const [name, page] of Object.entries(experiencePages)) {
    it(name, async () => {
      const url = `${server.origin}/experience/${name}`;
      const theirs = await lighthouseOf(url);
      const ours = await oursOf(url);
      rows.push(
        `${name.padEnd(12)} lighthouse ${JSON.stringify(theirs.values)} ${JSON.stringify(theirs.ratings)} lcp=${theirs.lcpSelector}\n` +
          `${"".padEnd(12)} ours       ${JSON.stringify({ lcp: ours.metrics.lcp_ms, cls: ours.metrics.cls, tbt: ours.metrics.tbt_ms })} ${JSON.stringify(ours.ratings)} lcp=${ours.metrics.lcp_element?.selector}`,
      );
      // The page still tests what it was built for.
      expect(theirs.ratings, `Lighthouse on ${name}`).toEqual(page.expect);
      expect(ours.ratings, `ours on ${name}`).toEqual(theirs.ratings);
      expect(ours.metrics.lcp_element?.selector).toBe(theirs.lcpSelector);
      expect(theirs.lcpSelector).toBe(page.lcpSelector);
    }, 120_000);
  }
});

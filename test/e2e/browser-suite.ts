// The report page in a real browser: wrangler dev + the local page server + Debian's Chromium.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { setupLocalBrowser } from "../../scripts/setup-local-browser.mjs";
import { crawlSiteRoutes } from "../server/crawl-site";
import { CRUX_TEST_KEY, startCruxApi } from "../server/crux-api";
import { startPageServer } from "../server/page-server";
import { prepareDatabase, startWranglerDev, type DevServer } from "./services";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const SHOTS = "test-results";
const PASSWORD = "e2e correct horse";
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };

let passed = 0;
let failed = 0;

async function step(name: string, run: () => Promise<void>) {
  try {
    await run();
    passed++;
    console.log(`  ok    ${name}`);
  } catch (error) {
    failed++;
    console.log(`  FAIL  ${name}\n        ${error instanceof Error ? error.message : String(error)}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

async function api(dev: DevServer, key: string, method: string, path: string, form?: Record<string, string>) {
  const res = await fetch(`${dev.origin}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, Accept: "application/json" },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const body = (await res.json()) as { data?: Record<string, any>; message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data!;
}

async function waitForAnalysis(dev: DevServer, key: string, id: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const report = await api(dev, key, "GET", `/reports/${id}`);
    if (report.status === "completed" || report.status === "failed") return report;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`report ${id} was not analysed within 60 s`);
}

async function waitForCrawl(dev: DevServer, key: string, id: number) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const crawl = await api(dev, key, "GET", `/crawls/${id}`);
    if (["completed", "failed", "cancelled"].includes(crawl.status)) return crawl;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`crawl ${id} did not finish within 120 s`);
}

/** Screenshots at both widths under test-results/: the first screenful, and the whole page. */
async function screenshots(page: Page, name: string) {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`) });
    await page.screenshot({ path: join(SHOTS, `${name}-${label}-full.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

async function main() {
  mkdirSync(SHOTS, { recursive: true });
  const state = mkdtempSync(join(tmpdir(), "pagegrade-e2e-"));
  const pages = await startPageServer();
  const crawlSite = await startPageServer(0, crawlSiteRoutes());
  // Field data from the local Chrome UX Report API (test/server/crux-api.ts) with its key: the report page's "Page
  // experience" then has real visitors beside the lab. wrangler dev's browser binding renders in this Chromium.
  const crux = await startCruxApi([]);
  setupLocalBrowser({ log: () => undefined });
  let dev: DevServer | undefined;
  let browser: Browser | undefined;
  try {
    const key = prepareDatabase(state);
    dev = await startWranglerDev(state, { CRUX_API_KEY: CRUX_TEST_KEY, CRUX_API_ORIGIN: crux.origin });
    console.log(`e2e: wrangler dev at ${dev.origin}, test pages at ${pages.origin}`);

    const created = await api(dev, key, "POST", "/reports", { url: `${pages.origin}/fixtures/sample-page.html` });
    const report = await waitForAnalysis(dev, key, created.id);
    const pageUrl: string = report.page_url;
    const failedChecks = Object.entries(report.results as Record<string, { passed: boolean }>).filter(([, r]) => !r.passed);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    const context = await browser.newContext({ viewport: viewports.desktop });
    // No network: every request that is not to the local servers fails, so a page that needs the internet shows it.
    const local = new Set([dev.origin, pages.origin, crawlSite.origin]);
    const blocked: string[] = [];
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (local.has(new URL(url).origin)) return route.continue();
      blocked.push(url);
      return route.abort("internetdisconnected");
    });
    const page = await context.newPage();
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) cspErrors.push(message.text());
    });

    await step("the analysis of a fixture page completes through the API", async () => {
      assert(report.status === "completed", `status ${report.status}: ${JSON.stringify(report.error)}`);
      assert(typeof report.score === "number", "no score");
      assert(failedChecks.length > 0, "the fixture should fail at least one check (it is served over http)");
    });

    await step("the public page shows the score, the badge and a failed check", async () => {
      const res = await page.goto(pageUrl);
      assert(res?.status() === 200, `status ${res?.status()}`);
      const gauge = page.locator("svg.gauge");
      assert(await gauge.isVisible(), "no visible score gauge");
      assert((await gauge.getAttribute("aria-label")) === `Score ${report.score} out of 100`, "gauge label");
      assert((await page.locator(".gauge-num").textContent())?.trim() === String(report.score), "score number");
      assert(await page.locator(`.badge-${report.result}`).isVisible(), "no result badge");
      const failedItem = page.locator(`#check-${failedChecks[0]![0]}`);
      assert(await failedItem.isVisible(), `failed check ${failedChecks[0]![0]} not visible`);
      assert((await failedItem.locator(".mark-fail").count()) === 1, "failed check is not marked failed");
      assert(/Fix:/.test((await failedItem.textContent()) ?? ""), "failed check has no fix line");
    });

    await step("the inline stylesheet applies under the CSP, with no violation reported", async () => {
      const badge = await page.locator(".badge").evaluate((el) => getComputedStyle(el).backgroundColor);
      assert(badge !== "rgba(0, 0, 0, 0)", `badge has no background (${badge}): the stylesheet was blocked`);
      assert(cspErrors.length === 0, `CSP violations: ${cspErrors.join(" | ")}`);
    });

    await step("the page fits a phone screen without sideways scrolling", async () => {
      await page.setViewportSize(viewports.phone);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `${overflow}px wider than the viewport`);
      await screenshots(page, "report-public");
    });

    await step("a password page asks for the password, refuses a wrong one and opens with the right one", async () => {
      await api(dev!, key, "PATCH", `/reports/${report.id}`, { privacy: "2", password: PASSWORD });
      await page.goto(pageUrl);
      assert(await page.locator("input#password").isVisible(), "no password form");
      assert((await page.locator("svg.gauge").count()) === 0, "report shown before unlocking");
      await screenshots(page, "report-password-form");

      await page.fill("#password", "not it");
      const [wrong] = await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
      assert(wrong?.status() === 401, `wrong password answered ${wrong?.status()}`);
      assert(await page.locator("#password-error").isVisible(), "no error message for a wrong password");
      await screenshots(page, "report-password-wrong");

      await page.fill("#password", PASSWORD);
      await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
      assert(page.url() === pageUrl, `after unlocking the browser is at ${page.url()}`);
      assert(await page.locator("svg.gauge").isVisible(), "report not shown after unlocking");
      const cookie = (await context.cookies(pageUrl)).find((c) => c.name === `pg_unlock_${report.id}`);
      assert(cookie?.httpOnly && cookie.sameSite === "Lax", `unlock cookie ${JSON.stringify(cookie)}`);
      await screenshots(page, "report-unlocked");
    });

    await step("a private report is the not-found page", async () => {
      await api(dev!, key, "PATCH", `/reports/${report.id}`, { privacy: "1" });
      const res = await page.goto(pageUrl);
      assert(res?.status() === 404, `status ${res?.status()}`);
      assert(await page.getByRole("heading", { name: "Page not found" }).isVisible(), "no not-found heading");
      assert((await page.locator("svg.gauge").count()) === 0, "private report still shown");
      await screenshots(page, "report-private-404");
    });

    await step("a crawl's page shows the site checks and the pages worst first, linking to their reports", async () => {
      const started = await api(dev!, key, "POST", "/crawls", { url: `${crawlSite.origin}/site/sitemap-index.xml`, source: "sitemap" });
      const crawl = await waitForCrawl(dev!, key, started.id);
      assert(crawl.status === "completed", `crawl ${crawl.status}: ${JSON.stringify(crawl.error)}`);
      const res = await page.goto(crawl.page_url);
      assert(res?.status() === 200, `status ${res?.status()}`);
      assert(await page.getByRole("heading", { name: /Site audit of/ }).isVisible(), "no crawl heading");
      assert(await page.locator("svg.gauge").isVisible(), "no score gauge");
      assert(await page.getByRole("heading", { name: "Issues across the site" }).isVisible(), "no issue table");
      assert(await page.getByRole("link", { name: "Every page has its own title" }).isVisible(), "no duplicate_titles issue row");
      assert(await page.getByRole("heading", { name: "Every page has its own title" }).isVisible(), "no duplicate_titles site check");
      assert((await page.locator("table.pages a[href^='/reports/']").count()) > 5, "pages do not link to their reports");
      // The crawl asked the local CrUX API for its origin (which has no record there): the page says so.
      assert(crawl.field?.value?.field_data === "no_data", `crawl field ${JSON.stringify(crawl.field)}`);
      const experience = page.getByRole("region", { name: "Page experience" });
      assert(await experience.isVisible(), "no Page experience section on the crawl page");
      assert(((await experience.innerText()) ?? "").includes("The Chrome UX Report has no PHONE data for this origin"), "the crawl page does not say why it has no field data");
      assert(cspErrors.length === 0, `CSP violations: ${cspErrors.join(" | ")}`);
      await page.setViewportSize(viewports.phone);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `${overflow}px wider than the viewport`);
      await screenshots(page, "crawl-public");
    });

    await step("a password crawl page asks for the password and opens with the right one", async () => {
      const started = await api(dev!, key, "POST", "/crawls", {
        url: `${crawlSite.origin}/polite/sitemap.xml`,
        source: "sitemap",
        limit: "2",
        privacy: "2",
        password: PASSWORD,
      });
      const crawl = await waitForCrawl(dev!, key, started.id);
      await page.goto(crawl.page_url);
      assert(await page.locator("input#password").isVisible(), "no password form");
      await page.fill("#password", PASSWORD);
      await Promise.all([page.waitForNavigation(), page.click("button[type=submit]")]);
      assert(page.url() === crawl.page_url, `after unlocking the browser is at ${page.url()}`);
      assert(await page.getByRole("heading", { name: /Site audit of/ }).isVisible(), "crawl not shown after unlocking");
      await screenshots(page, "crawl-unlocked");
    });

    await step("a rendered report shows \"Page experience\": lab and field gauges with thresholds, ratings in words, the LCP element", async () => {
      // A late hero image, desktop: a lab LCP on the image past 2.5 s; the URL's field record is "good" (crux=good).
      const created = await api(dev!, key, "POST", "/reports", { url: `${pages.origin}/experience/late-hero?crux=good`, render: "1", device: "desktop", privacy: "0" });
      const rendered = await waitForAnalysis(dev!, key, created.id);
      assert(rendered.status === "completed", `status ${rendered.status}: ${JSON.stringify(rendered.error)}`);
      assert(rendered.metrics?.lcp_element?.selector === "body > main > img#hero", `LCP element ${JSON.stringify(rendered.metrics?.lcp_element)}`);
      assert(rendered.results.core_web_vitals?.value?.source === "url", `core_web_vitals ${JSON.stringify(rendered.results.core_web_vitals)}`);
      const res = await page.goto(rendered.page_url);
      assert(res?.status() === 200, `status ${res?.status()}`);
      const section = page.getByRole("region", { name: "Page experience" });
      assert(await section.isVisible(), "no visible Page experience section");
      const lab = section.getByRole("heading", { name: "In the lab" });
      const field = section.getByRole("heading", { name: "Real visitors" });
      assert((await lab.isVisible()) && (await field.isVisible()), "lab and field parts not both visible");
      // Field beside lab: on a desktop screen the two parts sit side by side (same top, field to the right).
      const [labBox, fieldBox] = [await lab.boundingBox(), await field.boundingBox()];
      assert(labBox && fieldBox && Math.abs(labBox.y - fieldBox.y) < 4 && fieldBox.x > labBox.x + labBox.width, `parts not side by side: ${JSON.stringify({ labBox, fieldBox })}`);
      // The gauges: an SVG per vital, named with the value, the rating in words and both thresholds; drawn with bands.
      const labLcp = (rendered.metrics.lcp_ms / 1000).toFixed(1);
      const labRating = rendered.metrics.lcp_ms > 4000 ? "Poor" : "Needs improvement";
      const gauges = [
        `LCP ${labLcp} s: ${labRating} (good up to 2.5 s, poor over 4.0 s)`,
        "LCP 1.8 s: Good (good up to 2.5 s, poor over 4.0 s)",
        "INP 120 ms: Good (good up to 200 ms, poor over 500 ms)",
        "CLS 0.03: Good (good up to 0.1, poor over 0.25)",
      ];
      for (const name of gauges) {
        const gauge = section.getByRole("img", { name, exact: true });
        assert(await gauge.isVisible(), `no visible gauge "${name}"`);
        assert((await gauge.locator("rect").count()) === 4, `gauge "${name}" lacks its three bands and marker`);
      }
      const text = (await section.innerText()).replace(/\s+/g, " ");
      assert(text.includes(`LCP ${labLcp} s · ${labRating}`), `lab LCP rating not in words: ${text}`);
      assert(text.includes("LCP 1.8 s · Good") && text.includes("INP 120 ms · Good"), `field ratings not in words: ${text}`);
      assert(text.includes("Largest element: body > main > img#hero"), `no LCP element: ${text}`);
      assert(cspErrors.length === 0, `CSP violations: ${cspErrors.join(" | ")}`);
      await page.setViewportSize(viewports.phone);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(overflow <= 0, `${overflow}px wider than the viewport`);
      await section.scrollIntoViewIfNeeded();
      await screenshots(page, "report-page-experience");
    });

    await step("the API reference renders offline from the Worker's own script, under its CSP", async () => {
      const res = await page.goto(`${dev!.origin}/api/v1/docs`);
      assert(res?.status() === 200, `status ${res?.status()}`);
      const heading = page.getByRole("heading", { name: "Pagegrade SEO report API" }).first();
      await heading.waitFor({ state: "visible", timeout: 30_000 });
      const operation = page.getByText("List reports").first();
      await operation.waitFor({ state: "visible", timeout: 10_000 });
      assert(blocked.length === 0, `requests off the local servers: ${blocked.join(" | ")}`);
      assert(cspErrors.length === 0, `CSP violations: ${cspErrors.join(" | ")}`);
      await screenshots(page, "api-reference");
    });

    await step("the home page links the OpenAPI document", async () => {
      await page.goto(`${dev!.origin}/`);
      assert(await page.locator('a[href="/api/v1/openapi.json"]').first().isVisible(), "no OpenAPI link");
      await screenshots(page, "home");
    });
  } catch (error) {
    failed++;
    console.log(`  FAIL  setup: ${error instanceof Error ? error.message : String(error)}`);
    if (dev) console.log(dev.output().slice(-3000));
  } finally {
    await browser?.close();
    await dev?.stop();
    await pages.close();
    await crawlSite.close();
    await crux.close();
    rmSync(state, { recursive: true, force: true });
  }
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

await main();

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzePage, type Renderer } from "../../src/analysis/index";
import { chromiumRenderer } from "../../src/cli/chromium/renderer";
import { lighthousePageRoutes, lighthousePages, llmsExpected, llmsOriginRoutes } from "../server/lighthouse-pages";
import { agentTreePages } from "../server/agent-routes";
import { startPageServer } from "../server/page-server";
import { renderedLighthousePages } from "../server/render-routes";
import { mirroredAudits } from "./audit-map";

/**
 * Lighthouse 13.5 against the local page server, one Chromium for every page, and our verdicts through the real
 * analysis: for every mirrored audit they must agree (docs/testing.md "Lighthouse comparison").
 */

const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

const LH_FLAGS = {
  output: "json" as const,
  logLevel: "error" as const,
  onlyCategories: ["seo"],
  // Unioned with onlyCategories: llms-txt belongs to the opt-in "agentic-browsing" category.
  onlyAudits: ["llms-txt"],
  formFactor: "desktop" as const,
  screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: true },
  // Simulated throttling keeps the load waits below as set (a non-simulated run raises each to 5.25 s); no mirrored
  // audit reads a performance metric.
  throttlingMethod: "simulate" as const,
  pauseAfterFcpMs: 0,
  pauseAfterLoadMs: 0,
  networkQuietThresholdMs: 0,
  cpuQuietThresholdMs: 0,
  disableFullPageScreenshot: true,
  maxWaitForLoad: 15_000,
};

type Verdict = "pass" | "fail" | "notApplicable" | "error";

let chrome: chromeLauncher.LaunchedChrome;
const servers: { origin: string; close: () => Promise<void> }[] = [];
const rows: { page: string; audit: string; lighthouse: Verdict; ours: Verdict; checks: string }[] = [];
const started = Date.now();

beforeAll(async () => {
  chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", chromeFlags: CHROME_FLAGS, logLevel: "error" });
}, 60_000);

afterAll(async () => {
  chrome?.kill();
  await Promise.all(servers.map((s) => s.close()));
  const disagreements = rows.filter((r) => r.lighthouse !== r.ours);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const table = rows.map((r) => `${r.lighthouse === r.ours ? "agree   " : "DISAGREE"} ${r.page.padEnd(32)} ${r.audit.padEnd(18)} lighthouse=${r.lighthouse} ours=${r.ours}`);
  const summary = `${rows.length - disagreements.length}/${rows.length} verdicts agree, ${rows.length} verdicts over ${new Set(rows.map((r) => r.page)).size} pages in ${seconds} s`;
  if (process.env.LIGHTHOUSE_TABLE) writeFileSync(process.env.LIGHTHOUSE_TABLE, [summary, ...table].join("\n") + "\n");
  console.log([summary, ...table.filter((line) => line.startsWith("DISAGREE"))].join("\n"));
});

async function lighthouseVerdicts(url: string): Promise<Record<string, Verdict>> {
  const result = await lighthouse(url, { ...LH_FLAGS, port: chrome.port });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return Object.fromEntries(
    Object.keys(mirroredAudits).map((id) => {
      const audit = result.lhr.audits[id];
      // A not-applicable audit has a null score too: its display mode tells it from an audit that errored.
      const verdict: Verdict =
        audit?.scoreDisplayMode === "notApplicable" ? "notApplicable" : !audit || audit.score === null ? "error" : audit.score === 1 ? "pass" : "fail";
      return [id, verdict];
    }),
  );
}

/** With `render`, a rendered audit (what `pagegrade audit --render` runs): the checks read what the page's scripts built. */
async function ourVerdicts(url: string, render?: Renderer): Promise<Record<string, Verdict>> {
  const outcome = await analyzePage(url, { allowPrivateTargets: true, ...(render ? { render } : {}) });
  if (!outcome.ok) throw new Error(`Our analysis failed for ${url}: ${outcome.message}`);
  return Object.fromEntries(
    Object.entries(mirroredAudits).map(([audit, checks]) => [audit, checks.every((id) => outcome.results[id]?.passed) ? "pass" : "fail"]),
  );
}

/** Lighthouse's "not applicable" is our pass; its error has no counterpart and never agrees. */
const comparable = (verdict: Verdict): Verdict => (verdict === "notApplicable" ? "pass" : verdict);

async function compare(page: string, url: string, expected: Record<string, Verdict>, render?: Renderer) {
  const [theirs, ours] = [await lighthouseVerdicts(url), await ourVerdicts(url, render)];
  for (const audit of Object.keys(mirroredAudits)) {
    rows.push({ page, audit, lighthouse: comparable(theirs[audit]!), ours: ours[audit]!, checks: mirroredAudits[audit]!.join("+") });
  }
  // The page still tests its rule: Lighthouse says what it was built to make it say.
  expect(Object.fromEntries(Object.keys(expected).map((a) => [a, theirs[a]])), `Lighthouse on ${page}`).toEqual(expected);
  const wrong = Object.keys(mirroredAudits).filter((a) => comparable(theirs[a]!) !== ours[a]);
  expect(
    wrong.map((a) => `${a}: lighthouse ${theirs[a]}, ours ${ours[a]}`),
    `disagreements on ${page}`,
  ).toEqual([]);
}

describe("our verdicts equal Lighthouse 13.5's on every mirrored audit", () => {
  let origin: string;
  beforeAll(async () => {
    const server = await startPageServer(0, lighthousePageRoutes);
    servers.push(server);
    origin = server.origin;
  });

  for (const [name, page] of Object.entries(lighthousePages)) {
    it(name, () => compare(name, `${origin}/lh/${name}`, page.expect), 60_000);
  }
});

describe("llms_txt equals Lighthouse 13.5's llms-txt for each llms.txt answer (one origin each)", () => {
  for (const [name, expected] of Object.entries(llmsExpected)) {
    it(`llms.txt ${name}`, async () => {
      const server = await startPageServer(0, llmsOriginRoutes(name));
      servers.push(server);
      await compare(`llms-${name}`, `${server.origin}/`, { "llms-txt": expected });
    }, 60_000);
  }
});

/**
 * For a describe block of rendered comparisons: the default page server (its /render/ and /agents/ pages, its
 * robots.txt) and our own Chromium, as `pagegrade audit --render` drives it; Lighthouse keeps its own.
 */
function renderedPages() {
  const state = { origin: "", renderer: chromiumRenderer(process.env.CHROME_PATH ?? "/usr/bin/chromium") };
  beforeAll(async () => {
    const server = await startPageServer(0);
    servers.push(server);
    state.origin = server.origin;
  });
  afterAll(() => state.renderer.close());
  return state;
}

describe("rendered verdicts equal Lighthouse 13.5's on the script-built pages (docs/rendering.md)", () => {
  const pages = renderedPages();
  for (const [path, expected] of Object.entries(renderedLighthousePages)) {
    it(`rendered ${path}`, () => compare(`rendered ${path}`, `${pages.origin}${path}`, expected, pages.renderer.render), 60_000);
  }
});

describe("agent_accessibility_tree equals Lighthouse 13.5's agent-accessibility-tree on rendered pages, rule by rule", () => {
  const pages = renderedPages();

  /** Lighthouse's verdict and the help text of each rule its table lists (one row per failing rule). */
  async function lighthouseTree(url: string) {
    const { onlyCategories: _all, ...flags } = LH_FLAGS;
    const result = await lighthouse(url, { ...flags, onlyAudits: ["agent-accessibility-tree"], port: chrome.port });
    const audit = result!.lhr.audits["agent-accessibility-tree"]!;
    const sections = ((audit.details as { items?: { value?: { items?: { description: string }[] } }[] } | undefined)?.items ?? []);
    const helps = sections.flatMap((section) => section.value?.items ?? []).map((item) => item.description);
    return { verdict: (audit.score === 1 ? "pass" : audit.score === 0 ? "fail" : "error") as Verdict, helps };
  }

  for (const [name, { failing }] of Object.entries(agentTreePages)) {
    it(`rendered /agents/tree/${name}`, async () => {
      const url = `${pages.origin}/agents/tree/${name}`;
      const theirs = await lighthouseTree(url);
      const outcome = await analyzePage(url, { allowPrivateTargets: true, render: pages.renderer.render });
      if (!outcome.ok) throw new Error(outcome.message);
      const result = outcome.results.agent_accessibility_tree!;
      const ours: Verdict = result.passed ? "pass" : "fail";
      rows.push({ page: `agents ${name}`, audit: "agent-accessibility-tree", lighthouse: theirs.verdict, ours, checks: "agent_accessibility_tree" });
      expect(theirs.verdict, `Lighthouse on ${name}`).toBe(failing.length === 0 ? "pass" : "fail");
      expect(ours).toBe(theirs.verdict);
      const ourHelps = (result.value as { failing: { help: string }[] }).failing.map((f) => f.help);
      expect(ourHelps.sort()).toEqual([...theirs.helps].sort());
    }, 60_000);
  }
});

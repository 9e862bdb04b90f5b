// Results as real analyses produce them, for bench:api's seed: every check of the registry really run (in Node)
// on a pool of generated pages that differ in size, markup and response headers, then varied per report (its
// own URL in every value that names the page, its own numbers). Usage, from bench/api.mjs:
//   node --import tsx bench/realistic-results.ts <out.ndjson> <urls.txt> <seed> [legacy|packed]
// One line per URL of urls.txt: {score, result, issues, results} with `results` the stored form: hex of the BLOB the
// consumer writes (packed), or the JSON text stored before the compact format (legacy).
import { createWriteStream, readFileSync } from "node:fs";
import { checks } from "../src/analysis/checks/index";
import { parsePage } from "../src/analysis/parse";
import { scoreResults } from "../src/analysis/score";
import type { Results } from "../src/analysis/types";
import { encodeResults } from "../src/reports/results-codec";
import { factsFor, generatePage, seeded } from "./pages";

const POOL = 60;
const PAGE_URL = "https://www.example.com/guides/page-audit";

type Rng = ReturnType<typeof seeded>;

/** A generated page with some of its head left out or changed, so pages fail different checks. */
function variedPage(r: Rng, n: number): string {
  let html = generatePage(r.pick([15_000, 40_000, 90_000, 180_000, 350_000]), n + 1);
  const drop = (pattern: RegExp) => {
    if (r.next() < 0.3) html = html.replace(pattern, "");
  };
  drop(/<meta name="description"[^>]*>/);
  drop(/<link rel="canonical"[^>]*>/);
  drop(/<meta name="viewport"[^>]*>/);
  drop(/<link rel="alternate" hreflang[^>]*>/g);
  drop(/<meta property="og:[^>]*>/g);
  drop(/<meta name="twitter:[^>]*>/g);
  drop(/<script type="application\/ld\+json">.*?<\/script>/s);
  drop(/ lang="en"/);
  if (r.next() < 0.3) html = html.replace(/<title>[^<]*<\/title>/, `<title>${r.pick(["Home", "Pricing and plans for teams of every size, with a long title that goes on", "Docs"])}</title>`);
  if (r.next() < 0.2) html = html.replace(/<h1>/, "<h3>").replace(/<\/h1>/, "</h3>");
  return html;
}

function analyse(r: Rng, n: number) {
  const html = variedPage(r, n);
  const { fetch, site, settings } = factsFor(html, PAGE_URL);
  for (const header of ["strict-transport-security", "content-security-policy", "x-frame-options", "referrer-policy", "content-encoding"]) {
    if (r.next() < 0.35) delete fetch.headers[header];
  }
  if (!fetch.headers["content-encoding"]) fetch.contentEncoding = null;
  if (r.next() < 0.3) fetch.headers.server = `Apache/2.4.${r.int(10, 60)} (Ubuntu)`;
  fetch.ttfbMs = r.int(40, 900);
  fetch.totalMs = fetch.ttfbMs + r.int(20, 2500);
  const page = parsePage(fetch, site, settings);
  return scoreResults(checks.map((check) => ({ check, verdict: check.run(page) })));
}

/** The report's own URL wherever the page's is named, and its own numbers (sizes, counts, timings). */
function vary(results: Results, r: Rng, url: string): Results {
  const origin = new URL(url).origin;
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return value.replaceAll(PAGE_URL, url).replaceAll("https://www.example.com", origin);
    if (typeof value === "number" && Number.isInteger(value) && value > 20) return Math.round(value * (0.8 + 0.4 * r.next()));
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return Object.fromEntries(Object.entries(results).map(([id, entry]) => [id, { ...entry, value: walk(entry.value), ...(entry.errors && { errors: walk(entry.errors) as Record<string, unknown> }) }]));
}

/** An endless source of analyses: `next(url)` is one report's score, label, issues and results. */
export function realisticAnalyses(seed: number) {
  const r = seeded(seed);
  const pool = Array.from({ length: POOL }, (_, n) => analyse(r, n));
  return {
    next(url: string) {
      const base = pool[r.int(0, POOL - 1)]!;
      return { ...base, results: vary(base.results, r, url) };
    },
  };
}

async function main() {
  const [out, urlsFile, seedArg, format = "packed"] = process.argv.slice(2);
  if (!out || !urlsFile) throw new Error("usage: realistic-results.ts <out.ndjson> <urls.txt> <seed> [legacy|packed]");
  const source = realisticAnalyses(Number(seedArg ?? 1));
  const file = createWriteStream(out);
  for (const url of readFileSync(urlsFile, "utf8").split("\n").filter(Boolean)) {
    const { score, result, issues, results } = source.next(url);
    const stored = format === "legacy" ? JSON.stringify(results) : Buffer.from(encodeResults(results)).toString("hex");
    if (!file.write(`${JSON.stringify({ score, result, issues, results: stored })}\n`)) await new Promise<void>((ok) => file.once("drain", () => ok()));
  }
  await new Promise<void>((ok) => file.end(() => ok()));
}

if (process.argv[1]?.endsWith("realistic-results.ts")) await main();

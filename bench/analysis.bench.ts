import { execFileSync } from "node:child_process";
import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
// The baseline of the goal: linkedom as published, without patches/ (see package.json's linkedom-stock alias).
import { parseHTML as stockParseHTML } from "linkedom-stock";
import { afterAll, test } from "vitest";
import { checks } from "../src/analysis/checks/index";
import { parsePage } from "../src/analysis/parse";
import { benchPages, factsFor, kib, type BenchPage } from "./pages";

// Big pages take seconds per parse: fewer samples, same statistics.
const runOptions = (html: string) =>
  html.length > 2_000_000
    ? { time: 0, iterations: 6, warmupIterations: 1, warmupTime: 0 }
    : html.length > 500_000
      ? { time: 0, iterations: 12, warmupIterations: 2, warmupTime: 0 }
      : { time: 1_500, iterations: 20, warmupIterations: 5, warmupTime: 300 };

const runAllChecks = (html: string) => {
  const { fetch, site, settings } = factsFor(html);
  const page = parsePage(fetch, site, settings);
  for (const check of checks) check.run(page);
  return page;
};

/** htmlparser2 with no handlers: the tokenizer linkedom builds on, as the floor nothing DOM-based goes under. */
const tokenizeOnly = (html: string) => {
  const parser = new Parser({}, { decodeEntities: true, lowerCaseAttributeNames: false });
  parser.write(html);
  parser.end();
};

interface Row {
  page: string;
  size: string;
  elements: number;
  tokenize: number;
  stock: number;
  patched: number;
  parsePage: number;
  all: number;
}
const rows: Row[] = [];

const median = (result: { latency: { p50?: number } }) => result.latency.p50 ?? Number.NaN;

for (const page of benchPages()) {
  const elements = runAllChecks(page.html).elements.length;
  test(`${page.name} (${kib(page.html)}, ${elements} elements)`, async ({ bench }) => {
    const { html } = page;
    const { fetch, site, settings } = factsFor(html);
    const results = await bench.compare(
      bench("htmlparser2 tokenize only (floor)", () => tokenizeOnly(html)),
      bench("stock linkedom parseHTML (baseline)", () => void stockParseHTML(html)),
      bench("patched linkedom parseHTML", () => void parseHTML(html)),
      bench("parsePage (parse + shared walk)", () => void parsePage(fetch, site, settings)),
      bench("parsePage + all checks", () => void runAllChecks(html)),
      runOptions(html),
    );
    rows.push({
      page: page.name,
      size: kib(html),
      elements,
      tokenize: median(results.get("htmlparser2 tokenize only (floor)")),
      stock: median(results.get("stock linkedom parseHTML (baseline)")),
      patched: median(results.get("patched linkedom parseHTML")),
      parsePage: median(results.get("parsePage (parse + shared walk)")),
      all: median(results.get("parsePage + all checks")),
    });
  });
}

/** Median ms of each check over `rounds` runs on one parsed page: which checks cost what. */
function perCheck(page: BenchPage, rounds: number) {
  const { fetch, site, settings } = factsFor(page.html);
  const parsed = parsePage(fetch, site, settings);
  return checks
    .map((check) => {
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        check.run(parsed);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { id: check.id, ms: times[Math.floor(times.length / 2)]! };
    })
    .sort((a, b) => b.ms - a.ms);
}

test("per-check cost (median ms on one parsed page)", () => {
  const table: Record<string, string>[] = [];
  for (const page of benchPages()) {
    const costs = perCheck(page, page.html.length > 2_000_000 ? 5 : 15);
    const total = costs.reduce((n, c) => n + c.ms, 0);
    table.push({
      page: page.name,
      [`all ${checks.length} checks ms`]: total.toFixed(2),
      top: costs
        .slice(0, 6)
        .map((c) => `${c.id} ${c.ms.toFixed(2)}`)
        .join(", "),
    });
  }
  console.log("\nper-check cost: the six most expensive checks per page (median ms)");
  console.table(table);
});

/**
 * The ratio measured in pairs: stock linkedom's parseHTML, then parsePage and every check, round after round, so
 * a busy machine slows both sides alike. The minimum is the figure least touched by other processes.
 */
test("parse + all checks vs stock linkedom parse alone, interleaved", () => {
  const table: Record<string, string>[] = [];
  for (const page of benchPages()) {
    const { fetch, site, settings } = factsFor(page.html);
    // Small pages take a millisecond or two: many rounds, so that some land between other processes' slices.
    const rounds = page.html.length > 2_000_000 ? 5 : page.html.length > 500_000 ? 10 : page.html.length > 50_000 ? 120 : 300;
    const alone: number[] = [];
    const patched: number[] = [];
    const full: number[] = [];
    const checksOnly: number[] = [];
    const timeStock = () => {
      const start = performance.now();
      stockParseHTML(page.html);
      return performance.now() - start;
    };
    const timeOurs = () => {
      const t0 = performance.now();
      const parsed = parsePage(fetch, site, settings);
      const t1 = performance.now();
      for (const check of checks) check.run(parsed);
      const t2 = performance.now();
      return { full: t2 - t0, checks: t2 - t1 };
    };
    for (let i = 0; i < rounds + 2; i++) {
      // Each side goes first in every other round: whichever runs second pays for the garbage the first left
      // (stock linkedom leaves the most), so a fixed order would charge one side for the other's collections.
      const stockFirst = i % 2 === 0;
      const stockMs = stockFirst ? timeStock() : 0;
      const ours = timeOurs();
      const stockMsAfter = stockFirst ? stockMs : timeStock();
      const t3 = performance.now();
      parseHTML(page.html);
      const t4 = performance.now();
      if (i < 2) continue; // warm-up, one round in each order
      alone.push(stockMsAfter);
      full.push(ours.full);
      checksOnly.push(ours.checks);
      patched.push(t4 - t3);
    }
    // A page past the parse budget is analysed from its first part; the whole DOM, for comparison.
    const unlimited: number[] = [];
    if (parsePage(fetch, site, settings).truncatedDom) {
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        const whole = parsePage(fetch, site, settings, { maxChars: Infinity, maxElements: Infinity });
        for (const check of checks) check.run(whole);
        unlimited.push(performance.now() - start);
      }
    }
    const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const med = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
    const min = (xs: number[]) => sorted(xs)[0]!;
    table.push({
      page: page.name,
      "stock parseHTML min/med ms": `${min(alone).toFixed(1)} / ${med(alone).toFixed(1)}`,
      "patched parseHTML min/med ms": `${min(patched).toFixed(1)} / ${med(patched).toFixed(1)}`,
      "parse+checks min/med ms": `${min(full).toFixed(1)} / ${med(full).toFixed(1)}`,
      "checks alone med ms": med(checksOnly).toFixed(1),
      "ratio of mins": `${(min(full) / min(alone)).toFixed(2)}x`,
      "ratio of medians": `${(med(full) / med(alone)).toFixed(2)}x`,
      "<= 1.0x": min(full) <= min(alone) && med(full) <= med(alone) ? "yes" : "NO",
      "whole DOM, no budget": unlimited.length === 0 ? "(not cut)" : `${(min(unlimited) / min(alone)).toFixed(2)}x / ${(med(unlimited) / med(alone)).toFixed(2)}x`,
    });
  }
  console.log("\nparse + all checks vs stock linkedom parseHTML, interleaved rounds (target <= 1.0x)");
  console.table(table);
});

test.skipIf(Boolean(process.env.BENCH_PAGES))("memory of the 5 MB page (a child process per heap limit)", () => {
  const script = new URL("./memory.ts", import.meta.url).pathname;
  const lines: string[] = [];
  // The smallest V8 old-space limit the analysis of the 5 MB page survives says how far inside 128 MB it is; the
  // process holds ~16-18 MB (tsx, the modules, the page's string) before the analysis adds its own heap.
  for (const limit of [256, 128, 64, 48, 40, 32]) {
    try {
      const out = execFileSync(process.execPath, [`--max-old-space-size=${limit}`, "--expose-gc", "--import", "tsx", script], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 180_000,
      });
      lines.push(`--max-old-space-size=${limit}: ok  ${out.trim()}`);
    } catch (error) {
      const message = String((error as { stderr?: string }).stderr ?? error);
      lines.push(`--max-old-space-size=${limit}: FAILED (${/heap out of memory/i.test(message) ? "heap out of memory" : message.split("\n").slice(-3).join(" ").slice(0, 200)})`);
      break;
    }
  }
  console.log(`\nmemory, 5 MB page, parse + all checks:\n${lines.join("\n")}`);
});

afterAll(() => {
  const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  // tinybench runs each task for its time in turn, so on a shared machine the load moves between tasks: the
  // interleaved table above is the measure of the goal, this one says where the time goes.
  console.log("\ntinybench medians in ms, one task after another (not interleaved: see the interleaved table for the goal)");
  console.table(
    rows.map((r) => ({
      page: r.page,
      size: r.size,
      elements: r.elements,
      "tokenize only": ms(r.tokenize),
      "stock parseHTML": ms(r.stock),
      "patched parseHTML": ms(r.patched),
      parsePage: ms(r.parsePage),
      "parse + checks": ms(r.all),
      "vs stock parseHTML": ratio(r.all, r.stock),
    })),
  );
});

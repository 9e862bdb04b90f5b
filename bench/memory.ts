// Memory of one analysis of the 5 MB page: run as `node --expose-gc --import tsx bench/memory.ts`
// (the bench runs it under several --max-old-space-size limits). Prints one line of figures.
import { checks } from "../src/analysis/checks/index";
import { parsePage } from "../src/analysis/parse";
import { factsFor, generatePage } from "./pages";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const html = generatePage(5_000_000);
const { fetch, site, settings } = factsFor(html);
gc();
const base = process.memoryUsage();

// Peak inside the synchronous parse cannot be sampled from JS; a GC-free heap delta right after it is the
// upper bound of what it allocated, and the retained size (after a GC, page still alive) the lower bound.
const page = parsePage(fetch, site, settings);
const afterParse = process.memoryUsage();
const verdicts = checks.map((check) => check.run(page));
const afterChecks = process.memoryUsage();
gc();
const retained = process.memoryUsage();

// What each check allocates on its own (GC before each): a lower bound, as a scavenge mid-check frees some.
const allocations = checks
  .map((check) => {
    gc();
    const before = process.memoryUsage().heapUsed;
    check.run(page);
    return { id: check.id, bytes: process.memoryUsage().heapUsed - before };
  })
  .sort((a, b) => b.bytes - a.bytes)
  .slice(0, 3);

// The goal of issue 8: the analysis of the 5 MB page within 40 MB of heap, on top of what the process held before.
const GOAL_MB = 40;
const growth = Math.max(afterParse.heapUsed, afterChecks.heapUsed) - base.heapUsed;

console.log(
  [
    `analysis heap growth ${mb(growth)} MB (goal ${GOAL_MB} MB: ${growth <= GOAL_MB * 1024 * 1024 ? "met" : "NOT met"})`,
    `html ${mb(Buffer.byteLength(html))} MB`,
    `${page.elements.length} elements`,
    `heap before ${mb(base.heapUsed)} MB`,
    `after parse +${mb(afterParse.heapUsed - base.heapUsed)} MB`,
    `after checks +${mb(afterChecks.heapUsed - base.heapUsed)} MB`,
    `retained with page alive +${mb(retained.heapUsed - base.heapUsed)} MB`,
    `peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB`,
    `(${verdicts.length} verdicts)`,
    `most allocating checks: ${allocations.map((a) => `${a.id} ${mb(a.bytes)} MB`).join(", ")}`,
  ].join(", "),
);

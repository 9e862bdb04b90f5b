/**
 * Interleaved A/B of parsePage + all checks: a baseline checkout's src/ against this one's, in one process, on the
 * pages of bench:analysis. CPU time (process.cpuUsage) beside wall time, as a shared machine's load moves wall time
 * far more than a change does. Usage (see docs/benchmarks.md):
 *   git archive main src | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/node_modules
 *   ROUNDS=80 npm exec -- tsx bench/analysis-ab.ts /tmp/base
 */
import { resolve } from "node:path";
import type { Check, Page } from "../src/analysis/types";
import { checks } from "../src/analysis/checks/index";
import { parsePage } from "../src/analysis/parse";
import { benchPages, factsFor } from "./pages";

type Parse = typeof parsePage;
const baseDir = resolve(process.argv[2] ?? "");
if (!process.argv[2]) throw new Error("usage: tsx bench/analysis-ab.ts <directory holding the baseline's src/>");
const base = {
  parse: ((await import(`${baseDir}/src/analysis/parse.ts`)) as { parsePage: Parse }).parsePage,
  checks: ((await import(`${baseDir}/src/analysis/checks/index.ts`)) as { checks: readonly Check[] }).checks,
};
const branch = { parse: parsePage, checks };

const run = (side: typeof branch, html: string) => {
  const { fetch, site, settings } = factsFor(html);
  const page: Page = side.parse(fetch, site, settings);
  for (const check of side.checks) check.run(page);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
// A shared machine's load only ever adds time: the minimum is the run least disturbed by it.
const min = (xs: number[]) => Math.min(...xs);
const rounds = Number(process.env.ROUNDS ?? 40);

for (const page of benchPages()) {
  const n = page.html.length > 2_000_000 ? Math.ceil(rounds / 7) : page.html.length > 500_000 ? Math.ceil(rounds / 3) : rounds;
  const wall = { base: [] as number[], branch: [] as number[] };
  const cpu = { base: [] as number[], branch: [] as number[] };
  for (let i = 0; i < 3; i++) {
    run(base, page.html);
    run(branch, page.html);
  }
  for (let i = 0; i < n; i++) {
    // Alternate which side goes first, so neither always runs on a warmer heap.
    for (const side of i % 2 === 0 ? (["base", "branch"] as const) : (["branch", "base"] as const)) {
      const startCpu = process.cpuUsage();
      const start = performance.now();
      run(side === "base" ? base : branch, page.html);
      wall[side].push(performance.now() - start);
      const used = process.cpuUsage(startCpu);
      cpu[side].push((used.user + used.system) / 1000);
    }
  }
  const ratio = (a: number, b: number) => (b / a).toFixed(3);
  console.log(
    `${page.name.padEnd(22)} wall med base ${median(wall.base).toFixed(2)} / branch ${median(wall.branch).toFixed(2)} ms` +
      ` (${ratio(median(wall.base), median(wall.branch))}x)  CPU med base ${median(cpu.base).toFixed(2)} / branch ${median(cpu.branch).toFixed(2)} ms` +
      ` (${ratio(median(cpu.base), median(cpu.branch))}x)  CPU min base ${min(cpu.base).toFixed(2)} / branch ${min(cpu.branch).toFixed(2)} ms` +
      ` (${ratio(min(cpu.base), min(cpu.branch))}x)  n=${n}`,
  );
}

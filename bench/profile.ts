// Where the time goes on a fresh parse: `node --expose-gc --import tsx bench/profile.ts [page-name-substring]`.
// For each bench page: stock linkedom's parseHTML alone (the baseline), the patched parseHTML, parsePage, then
// every check run first on its own fresh page (what the analysis pays) next to the same check on a warm page.
import { parseHTML } from "linkedom";
import { parseHTML as parseStock } from "linkedom-stock";
import { checks } from "../src/analysis/checks/index";
import { parsePage } from "../src/analysis/parse";
import { benchPages, factsFor } from "./pages";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const filter = process.argv[2] ?? "";
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const page of benchPages().filter((p) => p.name.includes(filter))) {
  const { fetch, site, settings } = factsFor(page.html);
  const rounds = page.html.length > 2_000_000 ? 3 : page.html.length > 500_000 ? 5 : 15;
  const alone: number[] = [];
  const patched: number[] = [];
  const walk: number[] = [];
  const all: number[] = [];
  for (let i = 0; i < rounds; i++) {
    gc();
    let t = performance.now();
    parseStock(page.html);
    alone.push(performance.now() - t);
    gc();
    t = performance.now();
    parseHTML(page.html);
    patched.push(performance.now() - t);
    gc();
    t = performance.now();
    const parsed = parsePage(fetch, site, settings);
    const t1 = performance.now();
    walk.push(t1 - t);
    for (const check of checks) check.run(parsed);
    all.push(performance.now() - t);
  }
  const fresh: { id: string; ms: number }[] = [];
  const byCheck = process.env.PER_CHECK === "1";
  if (byCheck) {
    for (const check of checks) {
      const times: number[] = [];
      for (let i = 0; i < Math.min(rounds, 3); i++) {
        gc();
        const parsed = parsePage(fetch, site, settings);
        const t = performance.now();
        check.run(parsed);
        times.push(performance.now() - t);
      }
      fresh.push({ id: check.id, ms: med(times) });
    }
    fresh.sort((a, b) => b.ms - a.ms);
  }
  console.log(
    `${page.name.padEnd(22)} stock parseHTML ${med(alone).toFixed(1)}  patched ${med(patched).toFixed(1)}  parsePage ${med(walk).toFixed(1)}  all ${med(all).toFixed(1)}  ratio ${(med(all) / med(alone)).toFixed(2)}x` +
      (byCheck ? `\n   fresh: ${fresh.slice(0, 10).map((c) => `${c.id} ${c.ms.toFixed(1)}`).join(", ")}` : ""),
  );
}

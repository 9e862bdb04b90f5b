// Rows D1 writes over one report's life (meta.rows_written, which counts every index entry written too), through
// the app's own functions on a local D1 (wrangler's getPlatformProxy, the same SQLite D1 runs):
// create -> processing -> completed (the consumer's finishGeneration: the report, its history row, pruning), then a
// regeneration. Usage (bench:api runs it on its seeded database):
//   node --import tsx bench/rows-written.ts <--persist-to dir of a migrated local D1>
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { config } from "../src/config";
import { createDb } from "../src/db/client";
import { finishGeneration } from "../src/reports/finish-generation";
import { markProcessing } from "../src/reports/generation";
import { createReport } from "../src/reports/create-report";
import { updateReport } from "../src/reports/update-report";
import { realisticAnalyses } from "./realistic-results";

const persist = process.argv[2];
if (!persist) throw new Error("usage: rows-written.ts <persist dir>");
const { env, dispose } = await getPlatformProxy<Env>({ configPath: new URL("../wrangler.toml", import.meta.url).pathname, persist: { path: join(persist, "v3") } });

/** Sums meta.rows_written of every statement sent through it, batches included. */
function counting(d1: D1Database) {
  let written = 0;
  const real = new WeakMap<object, D1PreparedStatement>();
  const add = <T>(result: T) => ((written += (result as D1Result).meta?.rows_written ?? 0), result);
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...args: unknown[]) => wrap(target.bind(...args));
        if (prop === "run" || prop === "all") return async () => add(await target[prop]());
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(proxy, stmt);
    return proxy;
  };
  const db = new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (prop === "batch") return async (stmts: D1PreparedStatement[]) => (await target.batch(stmts.map((s) => real.get(s) ?? s))).map(add);
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const take = () => {
    const n = written;
    written = 0;
    return n;
  };
  return { db, take };
}

try {
  const counter = counting(env.DB);
  const db = createDb(counter.db);
  const settings = config(env);
  const account = await env.DB.prepare("INSERT INTO accounts (name) VALUES ('rows-written') RETURNING id").first<{ id: number }>();
  const analyses = realisticAnalyses(99);
  const steps: [string, number][] = [];
  const lifecycle = async (url: string, label: string) => {
    counter.take();
    const report = await createReport(db, account!.id, { url, privacy: 0, schedule: "none", render: 0, device: "mobile" }, { ...settings, allowPrivateTargets: true });
    steps.push([`${label}: create`, counter.take()]);
    const job = { reportId: report.id, generation: report.generation };
    await markProcessing(db, job);
    steps.push([`${label}: processing`, counter.take()]);
    const analysis = analyses.next(url);
    await finishGeneration(db, env.WEBHOOK_QUEUE, job, { ok: true, finalUrl: url, ...analysis }, settings);
    steps.push([`${label}: completed`, counter.take()]);
    return report.id;
  };
  await lifecycle("https://first.rows-written.example/", "new project");
  const id = await lifecycle("https://first.rows-written.example/second", "known project");
  const { report } = await updateReport(db, account!.id, id, { update: 1 }, settings);
  steps.push(["regeneration: update=1", counter.take()]);
  const job = { reportId: id, generation: report.generation };
  await markProcessing(db, job);
  steps.push(["regeneration: processing", counter.take()]);
  await finishGeneration(db, env.WEBHOOK_QUEUE, job, { ok: true, finalUrl: report.url, ...analyses.next(report.url) }, settings);
  steps.push(["regeneration: completed", counter.take()]);
  console.log(JSON.stringify(steps));
} finally {
  await dispose();
}

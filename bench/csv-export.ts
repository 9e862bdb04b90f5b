// The CSV export of every report of one account, streamed through the app's own exporter (src/reports/export-
// reports.ts) from a node:sqlite copy of bench:api's database, reading the heap as it goes: what a Worker's
// isolate (128 MB) has to hold for an export of that size. Usage (bench:api runs it):
//   node --expose-gc --import tsx bench/csv-export.ts <sqlite file> <account id>
import { exportReports } from "../src/reports/export-reports";
import { listReportsQuery } from "../src/reports/schemas";
import { nodeSqlite } from "./sqlite-db";

const [file, account] = process.argv.slice(2);
if (!file || !account) throw new Error("usage: csv-export.ts <sqlite file> <account id>");
const { db } = nodeSqlite(file);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");
gc();
const baseline = process.memoryUsage().heapUsed;
let peakRetained = 0;
let peakUsed = 0;
let bytes = 0;
let chunks = 0;
const started = performance.now();
const reader = exportReports(db, Number(account), listReportsQuery.parse({ format: "csv" })).getReader();
let lines = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.byteLength;
  for (const byte of value) if (byte === 10) lines++;
  peakUsed = Math.max(peakUsed, process.memoryUsage().heapUsed - baseline);
  // Every 20th chunk: what is still alive after a collection, i.e. what the export really holds.
  if (++chunks % 20 === 0) {
    gc();
    peakRetained = Math.max(peakRetained, process.memoryUsage().heapUsed - baseline);
  }
}
const ms = performance.now() - started;
console.log(JSON.stringify({ rows: lines - 1, bytes, ms, peakUsedMb: peakUsed / 2 ** 20, peakRetainedMb: peakRetained / 2 ** 20 }));

// `search` as one pass (page and total from one window query, what src/reports/list-reports.ts sends) against the
// two passes of before (a page query and a count, each reading the account's url index), interleaved on one
// database so machine load hits both alike. Usage (a node:sqlite copy of bench:api's D1, BENCH_KEEP=1):
//   node bench/search-passes.mjs <sqlite file> [account id] [search]
import { DatabaseSync } from "node:sqlite";

const [file, account = "1", search = "docs"] = process.argv.slice(2);
if (!file) throw new Error("usage: search-passes.mjs <sqlite file> [account id] [search]");
const db = new DatabaseSync(file, { readOnly: true });
const like = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const where = "account_id = ? AND url LIKE ? ESCAPE '\\'";
const twoPass = [
  db.prepare(`SELECT id FROM reports WHERE ${where} ORDER BY +id DESC LIMIT 10`),
  db.prepare(`SELECT count(*) FROM reports WHERE ${where}`),
];
const onePass = db.prepare(`SELECT id, count(*) OVER () AS total FROM reports WHERE ${where} ORDER BY +id DESC LIMIT 10`);
const runs = { two: [], one: [] };
for (let i = 0; i < 41; i++) {
  let start = performance.now();
  for (const statement of twoPass) statement.all(Number(account), like);
  runs.two.push(performance.now() - start);
  start = performance.now();
  onePass.all(Number(account), like);
  runs.one.push(performance.now() - start);
}
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const reports = db.prepare("SELECT count(*) AS n FROM reports WHERE account_id = ?").get(Number(account)).n;
console.log(`search=${search} over ${reports} reports: two passes ${median(runs.two).toFixed(2)} ms, one pass ${median(runs.one).toFixed(2)} ms (median of 41, interleaved)`);

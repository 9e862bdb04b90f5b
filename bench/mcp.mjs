#!/usr/bin/env node
// npm run bench:mcp: the `audit_page` round trip over MCP, as an agent sees it: the SDK's own client calls the tool
// on `wrangler dev` (the built Worker, wrangler.toml's [alias] stand-ins included), the tool creates the report,
// the queue consumer analyses a local 290 KB page, and the tool answers once the report has settled. Nothing
// else is queued. Knobs: MCP_CALLS (default 20).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { newApiKey } from "../scripts/local-tools.mjs";
import { ROOT, d1File, migrateLocal, startWranglerDev } from "./wrangler-dev.mjs";

const CALLS = Number(process.env.MCP_CALLS ?? 20);
const PAGE = readFileSync(join(ROOT, "bench", "fixtures", "docs-page.html"));

async function startPageServer() {
  const server = createServer((req, res) => {
    if (req.url === "/robots.txt") return res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": PAGE.length }).end(PAGE);
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return server;
}

function seedKey(persist) {
  const db = new DatabaseSync(d1File(persist));
  db.exec(`INSERT INTO accounts (id, name) VALUES (1, 'bench-mcp');`);
  const { key, prefix, hash } = newApiKey();
  db.prepare("INSERT INTO api_keys (account_id, name, prefix, hash) VALUES (1, 'bench-mcp', ?, ?)").run(prefix, hash);
  db.close();
  return key;
}

const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];

async function main() {
  const persist = mkdtempSync(join(tmpdir(), "pagegrade-bench-mcp-"));
  let dev;
  let pageServer;
  const cleanup = () => {
    dev?.stop();
    pageServer?.close();
    rmSync(persist, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (cleanup(), process.exit(130)));
  try {
    pageServer = await startPageServer();
    const pageOrigin = `http://127.0.0.1:${pageServer.address().port}`;
    migrateLocal(persist);
    const key = seedKey(persist);
    dev = await startWranglerDev({ persist });
    const transport = new StreamableHTTPClientTransport(new URL("/mcp", dev.base), { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
    const client = new Client({ name: "bench-mcp", version: "0" });
    let t0 = performance.now();
    await client.connect(transport);
    const { tools } = await client.listTools();
    const connectMs = performance.now() - t0;

    const audit = async (n) => {
      const start = performance.now();
      const result = await client.callTool({ name: "audit_page", arguments: { url: `${pageOrigin}/page/${n}` } });
      const ms = performance.now() - start;
      const report = result.structuredContent;
      if (result.isError || report?.status !== "completed") throw new Error(`audit_page ${n}: ${JSON.stringify(result).slice(0, 500)}`);
      return { ms, server: Date.parse(report.generated_at) - Date.parse(report.created_at) };
    };
    await audit(0); // warm-up: the first compile of the tool's and the consumer's code paths
    const runs = [];
    const loads = [];
    for (let i = 1; i <= CALLS; i++) {
      runs.push(await audit(i));
      loads.push(loadavg()[0]);
    }
    await client.close();
    const total = runs.map((r) => r.ms);
    const server = runs.map((r) => r.server);
    const fmt = (n) => n.toFixed(0);
    console.log(
      `\nbench:mcp: ${CALLS} sequential audit_page calls (plus one warm-up) through the SDK client over HTTP to wrangler dev, a ` +
        `${(PAGE.length / 1024).toFixed(0)} KB local page; ${cpus().length} CPUs, 1-min load ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`,
    );
    console.log("| | p50 ms | p95 ms | min ms | max ms |");
    console.log("|---|---:|---:|---:|---:|");
    console.log(`| audit_page round trip | ${fmt(quantile(total, 0.5))} | ${fmt(quantile(total, 0.95))} | ${fmt(Math.min(...total))} | ${fmt(Math.max(...total))} |`);
    console.log(`| report created -> generated | ${fmt(quantile(server, 0.5))} | ${fmt(quantile(server, 0.95))} | ${fmt(Math.min(...server))} | ${fmt(Math.max(...server))} |`);
    console.log(`\nconnect (initialize) + tools/list of ${tools.length} tools: ${fmt(connectMs)} ms, first call.`);
    console.log(`target: p50 under 1000 ms with the analysis idle: ${quantile(total, 0.5) < 1000 ? "yes" : "NO"}`);
  } finally {
    cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { routes, type Route } from "./routes";
import { receivedWebhooks } from "./webhook-receiver";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  /** Epoch ms when the request arrived (crawl politeness tests compare them). */
  at: number;
}

/**
 * A real HTTP server on 127.0.0.1 (or another loopback address) for the tests to audit: friendly pages and hostile ones.
 * `GET /__requests?tag=x` returns what was received for paths containing `tag`, every header as received (Authorization
 * and Cookie included), so tests can assert what the worker sent (no client headers, no secrets, credentials only here).
 */
export async function startPageServer(port = 0, table: [string, Route][] = routes, host = "127.0.0.1") {
  const received: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    if (url.startsWith("/__requests")) {
      const tag = new URL(url, "http://x").searchParams.get("tag") ?? "";
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(received.filter((r) => r.url.includes(tag))));
      return;
    }
    if (url.startsWith("/__webhooks")) {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(receivedWebhooks(new URL(url, "http://x").searchParams.get("tag") ?? "")));
      return;
    }
    received.push({ method: req.method ?? "GET", url, headers: req.headers, at: Date.now() });
    if (received.length > 10_000) received.splice(0, 5_000);
    handle(req, res, table);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function handle(req: IncomingMessage, res: ServerResponse, table: [string, Route][]) {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  for (const [prefix, route] of table) {
    if (path === prefix || (prefix.endsWith("/") && path.startsWith(prefix))) {
      route(req, res, path);
      return;
    }
  }
  res.statusCode = 404;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end("<!doctype html><title>Not found</title><h1>Not found</h1>");
}

import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Route } from "./routes";

/**
 * Pages that misbehave, each parameterised by its path so a test picks the case it needs.
 * Every response is bounded: anything slow or endless stops when the client disconnects, and has a
 * hard stop of its own, so a test that gives up never leaves the server working.
 */

const HARD_STOP_MS = 30_000;
const page = (body: string) => `<!doctype html><html><head><title>Hostile test page</title></head><body>${body}</body></html>`;

/** Last path segment as a number, e.g. /hostile/chain/11 -> 11. */
const lastNumber = (path: string, fallback: number) => {
  const n = Number(path.slice(path.lastIndexOf("/") + 1));
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};
const lastSegment = (path: string) => path.slice(path.lastIndexOf("/") + 1);

const html = (res: ServerResponse, body: string, status = 200) => {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(body);
};

const redirect = (res: ServerResponse, location: string, status = 302) => {
  res.statusCode = status;
  res.setHeader("location", location);
  res.end();
};

/** Runs `tick` every `ms` until the client goes away or the hard stop; `tick` returns false to stop. */
function every(req: IncomingMessage, res: ServerResponse, ms: number, tick: () => boolean) {
  const stop = () => {
    clearInterval(timer);
    clearTimeout(hard);
  };
  const timer = setInterval(() => {
    if (!tick()) stop();
  }, ms);
  const hard = setTimeout(() => {
    stop();
    res.destroy();
  }, HARD_STOP_MS);
  req.socket.once("close", stop);
}

/** Bytes each endless stream managed to send before its client went away, by id (`/hostile/sent/<id>`). */
const sent = new Map<string, { bytes: number; closedByClient: boolean }>();

/** Writes `chunk` until `limit` bytes, honouring backpressure, and notes what was sent under `id`. */
function stream(req: IncomingMessage, res: ServerResponse, chunk: Buffer, limit: number, id: string) {
  const stats = { bytes: 0, closedByClient: false };
  sent.set(id, stats);
  let done = false;
  const hard = setTimeout(() => res.destroy(), HARD_STOP_MS);
  req.socket.once("close", () => {
    if (!done) stats.closedByClient = true;
    done = true;
    clearTimeout(hard);
  });
  const pump = () => {
    while (!done && stats.bytes < limit) {
      stats.bytes += chunk.length;
      if (!res.write(chunk)) {
        res.once("drain", pump);
        return;
      }
    }
    if (!done) {
      done = true;
      clearTimeout(hard);
      res.end();
    }
  };
  res.statusCode = 200;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.write("<!doctype html><html><head><title>Big</title></head><body>");
  pump();
}

const filler = Buffer.from("<p>".padEnd(64 * 1024 - 4, "a") + "</p>");

// Built once: 20 MB of markup that gzips to about 20 KB.
const gzipBomb = gzipSync(Buffer.from(page("<p>".padEnd(20 * 1024 * 1024, "a"))), { level: 9 });
const friendly = page(`<h1>Compressed</h1><p>${"Plenty of repeated words to compress. ".repeat(200)}</p>`);
const encoded: Record<string, Buffer> = { gzip: gzipSync(friendly), br: brotliCompressSync(friendly) };

const contentTypes: Record<string, { type?: string; body: string | Buffer }> = {
  png: { type: "image/png", body: Buffer.from("89504e470d0a1a0a0000000d49484452", "hex") },
  json: { type: "application/json", body: '{"not":"html"}' },
  none: { body: page("<p>No content type</p>") },
  xhtml: { type: "application/xhtml+xml; charset=utf-8", body: page("<p>XHTML</p>") },
  latin1: { type: "text/html; charset=iso-8859-1", body: Buffer.from(page("<p>Caf\u00e9</p>"), "latin1") },
};

const robotsBodies: Record<string, () => Buffer> = {
  // 2 MB of valid lines: the fetch keeps only the first 512 KB.
  huge: () => Buffer.from("User-agent: *\n" + "Disallow: /some/rather/long/path/segment/\n".repeat(50_000)),
  binary: () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256)),
};

export const hostileRoutes: [string, Route][] = [
  // /hostile/slow/<ms>: headers and body only after <ms>.
  ["/hostile/slow/", (req, res, path) => {
    const timer = setTimeout(() => html(res, page("<p>Finally</p>")), lastNumber(path, 1000));
    req.socket.once("close", () => clearTimeout(timer));
  }],
  // /hostile/drip/<ms>: headers at once, then a few bytes every <ms>, never finishing on its own.
  ["/hostile/drip/", (req, res, path) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.write("<!doctype html><title>Drip</title>");
    every(req, res, lastNumber(path, 100), () => res.write("<p>drip</p>"));
  }],
  // Accepts the request and never answers; /hostile/hang/<anything> too (a hanging URL on a path of its own: slowness
  // is also judged per path, src/queue/slowness.ts).
  ["/hostile/hang", (req, res) => every(req, res, 1000, () => true)],
  ["/hostile/hang/", (req, res) => every(req, res, 1000, () => true)],
  // Closes the connection without a response.
  ["/hostile/reset", (req) => req.socket.destroy()],
  // Starts an HTML response, then drops the connection half way.
  ["/hostile/cut", (_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("content-length", "100000");
    res.write("<!doctype html><title>Cut</title><p>half");
    setTimeout(() => res.destroy(), 50);
  }],
  // Bytes that are not HTTP at all, straight on the socket.
  ["/hostile/garbage", (req) => req.socket.end("\x00\x01NOT HTTP\xff\xfe garbage\r\n\r\n")],
  // /hostile/big/<bytes>: a body of that size (6000000 is over the 5 MB limit).
  ["/hostile/big/", (req, res, path) => stream(req, res, filler, lastNumber(path, 6_000_000), `big-${lastNumber(path, 0)}`)],
  // /hostile/endless/<id>: a body that never ends; /hostile/sent/<id> tells how much went out.
  ["/hostile/endless/", (req, res, path) => stream(req, res, filler, Number.POSITIVE_INFINITY, lastSegment(path))],
  ["/hostile/sent/", (_req, res, path) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(sent.get(lastSegment(path)) ?? null));
  }],
  ["/hostile/gzip-bomb", (_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("content-encoding", "gzip");
    res.end(gzipBomb);
  }],
  // /hostile/encoded/<gzip|br>: a friendly page, compressed.
  ["/hostile/encoded/", (req, res, path) => {
    const name = lastSegment(path);
    const body = encoded[name];
    if (!body) return html(res, page("<p>unknown encoding</p>"), 404);
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.setHeader("content-encoding", name);
    res.setHeader("vary", "accept-encoding");
    res.end(body);
  }],
  // /hostile/nested/<n>: n nested <div>s.
  ["/hostile/nested/", (_req, res, path) => {
    const n = lastNumber(path, 100_000);
    html(res, page("<div>".repeat(n) + "deep" + "</div>".repeat(n)));
  }],
  // /hostile/loop/a <-> /hostile/loop/b
  ["/hostile/loop/", (_req, res, path) => redirect(res, lastSegment(path) === "a" ? "/hostile/loop/b" : "/hostile/loop/a")],
  // /hostile/chain/<n>: n redirects (mixed statuses, relative and absolute) before a page.
  ["/hostile/chain/", (req, res, path) => {
    const n = lastNumber(path, 0);
    if (n === 0) return html(res, page("<p>End of the chain</p>"));
    const statuses = [301, 302, 303, 307, 308];
    const next = n % 2 === 0 ? `/hostile/chain/${n - 1}` : `http://${req.headers.host}/hostile/chain/${n - 1}`;
    redirect(res, next, statuses[n % statuses.length]);
  }],
  // /hostile/redirect?to=<url>: a redirect anywhere, e.g. to the metadata address.
  ["/hostile/redirect", (req, res) => redirect(res, new URL(req.url ?? "/", "http://x").searchParams.get("to") ?? "/")],
  // /hostile/type/<png|json|none|xhtml|latin1>
  ["/hostile/type/", (_req, res, path) => {
    const entry = contentTypes[lastSegment(path)];
    if (!entry) return html(res, page("<p>unknown type</p>"), 404);
    if (entry.type) res.setHeader("content-type", entry.type);
    res.end(entry.body);
  }],
  // /hostile/status/<code>: an HTML page with that status.
  ["/hostile/status/", (_req, res, path) => {
    const status = lastNumber(path, 500);
    if (status === 429 || status === 503) res.setHeader("retry-after", "120");
    html(res, page(`<h1>Status ${status}</h1>`), status);
  }],
  // /hostile/robots/<huge|binary>: robots.txt bodies that a robots fetch must survive.
  ["/hostile/robots/", (_req, res, path) => {
    const body = robotsBodies[lastSegment(path)];
    res.setHeader("content-type", "text/plain");
    res.end(body ? body() : "");
  }],
];

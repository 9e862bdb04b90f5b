import type { IncomingMessage, ServerResponse } from "node:http";

/** One POST as the receiver got it: enough to verify the signature exactly as a client would. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
}

const received: ReceivedWebhook[] = [];
const hanging = new Set<ServerResponse>();

/**
 * `/hooks/<tag>/<mode>` records every delivery and answers by mode: `ok` 200, `fail` 500, `gone` 410,
 * `busy` 429 with `Retry-After: <?after=seconds, default 120>`, `redirect` 302 to an `ok` hook, `hang` never.
 * `GET /__webhooks?tag=x` lists what paths containing `x` received.
 */
export function webhookReceiver(req: IncomingMessage, res: ServerResponse, path: string) {
  if (req.method !== "POST") {
    res.statusCode = 405;
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)]));
    received.push({ path: req.url ?? path, headers, body: Buffer.concat(chunks).toString("utf8"), receivedAt: Date.now() });
    if (received.length > 20_000) received.splice(0, 10_000);
    answer(req, res, path);
  });
}

function answer(req: IncomingMessage, res: ServerResponse, path: string) {
  const mode = path.split("/")[3] ?? "ok";
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  if (mode === "hang") {
    hanging.add(res);
    res.on("close", () => hanging.delete(res));
    return;
  }
  const status = { ok: 200, fail: 500, gone: 410, busy: 429, redirect: 302 }[mode] ?? 200;
  res.statusCode = status;
  if (mode === "busy") res.setHeader("retry-after", query.get("after") ?? "120");
  if (mode === "redirect") res.setHeader("location", `/hooks/${path.split("/")[2]}-redirected/ok`);
  res.setHeader("content-type", "text/plain");
  res.end(status === 200 ? "thanks" : "no");
}

export function receivedWebhooks(tag: string): ReceivedWebhook[] {
  return received.filter((delivery) => delivery.path.includes(tag));
}

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local Chrome UX Report API speaking the documented request and answers (developer.chrome.com/docs/crux/api):
 * `POST /v1/records:queryRecord?key=KEY` with `{url | origin, formFactor}`; 200 `{record: {key, metrics, collectionPeriod}}`
 * (every p75 a number but CLS, a decimal in a string, as Google sends it), 404 NOT_FOUND for a URL or origin without
 * data, 400 INVALID_ARGUMENT "API key not valid" for any other key, 400 for a body naming neither.
 *
 * Its data: a URL whose query has `crux=<kind>` has a record of that kind (`good`, `poor`, `no-inp`, `no-lcp`), or, for
 * `crux=hang`, an answer that never comes; every other URL has none. The origins in `withOrigin` have a `good-origin`
 * record; others none. Steered by the tests: `POST /__crux/key` `{key}` sets the one key it accepts (`/__crux/key/reset`
 * its first one); `GET /__crux/requests?tag=x` lists the queries whose url or origin contains `x`, body included.
 */

export const CRUX_TEST_KEY = "test-only-crux-api-key";

export interface CruxQuery {
  key: string | null;
  body: Record<string, unknown>;
  at: number;
}

type Kind = "good" | "poor" | "no-inp" | "no-lcp" | "good-origin";

const p75: Record<Kind, { lcp: number | null; inp: number | null; cls: string | null; fcp: number; ttfb: number }> = {
  good: { lcp: 1800, inp: 120, cls: "0.03", fcp: 1100, ttfb: 500 },
  poor: { lcp: 4300, inp: 280, cls: "0.31", fcp: 2900, ttfb: 1900 },
  "no-inp": { lcp: 2200, inp: null, cls: "0.05", fcp: 1300, ttfb: 700 },
  "no-lcp": { lcp: null, inp: 90, cls: "0.02", fcp: 1000, ttfb: 400 },
  "good-origin": { lcp: 2400, inp: 180, cls: "0.08", fcp: 1500, ttfb: 800 },
};

/** One metric as the API gives it: three bins (good, needs improvement, poor) and its p75. */
const metric = (value: number | string, bins: [number, number]) => ({
  histogram: [
    { start: typeof value === "string" ? "0.00" : 0, end: typeof value === "string" ? String(bins[0].toFixed(2)) : bins[0], density: 0.7 },
    { start: typeof value === "string" ? String(bins[0].toFixed(2)) : bins[0], end: typeof value === "string" ? String(bins[1].toFixed(2)) : bins[1], density: 0.2 },
    { start: typeof value === "string" ? String(bins[1].toFixed(2)) : bins[1], density: 0.1 },
  ],
  percentiles: { p75: value },
});

function record(key: Record<string, unknown>, kind: Kind) {
  const v = p75[kind];
  const metrics: Record<string, unknown> = {
    first_contentful_paint: metric(v.fcp, [1800, 3000]),
    experimental_time_to_first_byte: metric(v.ttfb, [800, 1800]),
    navigation_types: { fractions: { navigate: 0.8, reload: 0.05, back_forward: 0.15 } },
  };
  if (v.lcp !== null) metrics.largest_contentful_paint = metric(v.lcp, [2500, 4000]);
  if (v.inp !== null) metrics.interaction_to_next_paint = metric(v.inp, [200, 500]);
  if (v.cls !== null) metrics.cumulative_layout_shift = metric(v.cls, [0.1, 0.25]);
  return {
    record: {
      key,
      metrics,
      collectionPeriod: { firstDate: { year: 2026, month: 10, day: 26 }, lastDate: { year: 2026, month: 11, day: 22 } },
    },
  };
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export async function startCruxApi(withOrigin: string[], host = "127.0.0.1") {
  const queries: CruxQuery[] = [];
  let acceptedKey = CRUX_TEST_KEY;
  const hanging = new Set<ServerResponse>();
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader("content-type", "application/json; charset=UTF-8");
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      if (url.pathname === "/__crux/requests") {
        const tag = url.searchParams.get("tag") ?? "";
        return json(res, 200, queries.filter((q) => String(q.body.url ?? q.body.origin ?? "").includes(tag)));
      }
      if (url.pathname === "/__crux/key") {
        acceptedKey = (JSON.parse(text) as { key: string }).key;
        return json(res, 200, { key: acceptedKey });
      }
      if (url.pathname === "/__crux/key/reset") {
        acceptedKey = CRUX_TEST_KEY;
        return json(res, 200, { key: acceptedKey });
      }
      if (url.pathname !== "/v1/records:queryRecord" || req.method !== "POST") return json(res, 404, googleError(404, "NOT_FOUND", "Requested entity was not found."));
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return json(res, 400, googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
      }
      const key = url.searchParams.get("key");
      queries.push({ key, body, at: Date.now() });
      if (key !== acceptedKey) {
        return json(res, 400, {
          error: {
            ...googleError(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.").error,
            details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "API_KEY_INVALID", domain: "googleapis.com" }],
          },
        });
      }
      const formFactor = body.formFactor;
      const key_ = { ...(formFactor !== undefined && { formFactor }) };
      if (typeof body.url === "string") {
        const kind = new URL(body.url).searchParams.get("crux");
        if (kind === "hang") {
          hanging.add(res);
          res.on("close", () => hanging.delete(res));
          return;
        }
        if (kind && kind in p75) return json(res, 200, record({ ...key_, url: body.url }, kind as Kind));
        return json(res, 404, googleError(404, "NOT_FOUND", "chrome ux report data not found"));
      }
      if (typeof body.origin === "string") {
        if (withOrigin.includes(body.origin)) return json(res, 200, record({ ...key_, origin: body.origin }, "good-origin"));
        return json(res, 404, googleError(404, "NOT_FOUND", "chrome ux report data not found"));
      }
      return json(res, 400, googleError(400, "INVALID_ARGUMENT", "Request must specify an origin or a url."));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_USER_AGENT } from "../../src/analysis/fetch-page";
import { call, createCaller, type Caller } from "../helpers/api";
import { waitForReport } from "../helpers/wait-report";

interface Received {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

const receivedBy = async (tag: string): Promise<Received[]> => (await (await fetch(`${env.PAGE_SERVER}/__requests?tag=${encodeURIComponent(tag)}`)).json()) as Received[];

/** Headers HTTP itself adds, and the one the Workers runtime adds to every subrequest (cf-worker). */
const TRANSPORT = new Set(["host", "connection", "cf-worker", "content-length"]);

describe("what a fetched page receives", () => {
  let caller: Caller;
  const tag = `outbound-${crypto.randomUUID()}`;
  const password = `pw-${tag}`;
  const clientHeaders = {
    Cookie: `session=${tag}; theme=dark`,
    "X-Api-Key": `pg_${tag}`,
    "X-Forwarded-For": "203.0.113.7",
    "X-Real-IP": "203.0.113.7",
    "X-Client-Probe": tag,
    Referer: `https://client.example/${tag}`,
    "User-Agent": `ClientAgent/${tag}`,
  };
  let report: Record<string, any>;

  beforeAll(async () => {
    caller = await createCaller("outbound");
    const res = await call("/api/v1/reports", {
      key: caller.key,
      headers: clientHeaders,
      form: { url: `${env.PAGE_SERVER}/fixtures/known-page.html?probe=${tag}`, privacy: 2, password },
    });
    expect(res.status, res.text).toBe(201);
    report = await waitForReport(caller.key, res.json.data.id);
  }, 30_000);

  it("the analysis finishes through the real queue consumer", () => {
    expect(report.status).toBe("completed");
    expect(report.score).toEqual(expect.any(Number));
  });

  it("the page request carries only the bot's own headers: none of the client's, no key, no cookie", async () => {
    const requests = await receivedBy(tag);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    for (const { headers } of requests) {
      expect(headers["user-agent"]).toBe(DEFAULT_USER_AGENT);
      expect(headers["user-agent"]).toMatch(/PagegradeBot/);
      expect(Object.keys(headers).filter((name) => !TRANSPORT.has(name)).sort()).toEqual(["accept", "accept-encoding", "user-agent"]);
      for (const name of ["cookie", "authorization", "x-api-key", "x-forwarded-for", "x-real-ip", "x-client-probe", "referer"]) {
        expect(headers[name], name).toBeUndefined();
      }
    }
  });

  it("no request to the page's server (page, robots.txt, 404 probe, llms.txt) carries the key, the password or any client header value", async () => {
    const everything = await receivedBy("");
    // Other test files share this server and request arbitrary paths, so only headers are searched for "pg_"; and
    // the login tests send their own session cookies to it on purpose, so the cookie is looked for by this test's tag.
    const leaked = everything.filter(({ url, headers }) => {
      const sent = JSON.stringify(headers);
      return [caller.key, "pg_", password, tag, "203.0.113.7", `session=${tag}`].some((secret) => sent.includes(secret)) || url.includes(caller.key) || url.includes(password);
    });
    expect(leaked).toEqual([]);
    const siteRequests = everything.filter(({ url }) => url === "/robots.txt" || url === "/llms.txt" || url.startsWith("/pagegrade-404-check-"));
    expect(siteRequests.length).toBeGreaterThan(0);
    for (const { headers } of siteRequests) expect(headers["user-agent"]).toBe(DEFAULT_USER_AGENT);
  });
});

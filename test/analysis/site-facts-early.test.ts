import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyzePage } from "../../src/analysis/analyze";
import { analysisOptionsFromEnv } from "../../src/config";
import type { RecordedRequest } from "../server/page-server";

const options = analysisOptionsFromEnv(env);
const { port } = new URL(env.PAGE_SERVER);
// Requests to this host name come from this file only: every other test addresses the page server as 127.0.0.1.
const host = `localhost:${port}`;

async function received(tag: string) {
  const all = (await (await fetch(`${env.PAGE_SERVER}/__requests?tag=${encodeURIComponent(tag)}`)).json()) as RecordedRequest[];
  return all.filter((r) => r.headers.host === host);
}

describe("site facts go out beside the page", () => {
  it("asks for robots.txt, the 404 probe and llms.txt while a slow page is still loading", async () => {
    const analysis = analyzePage(`http://${host}/hostile/slow/1499`, options);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await received("/hostile/slow/1499")).toHaveLength(1);
    expect(await received("/robots.txt")).toHaveLength(1);
    expect(await received("/pagegrade-404-check-")).toHaveLength(1);
    expect(await received("/llms.txt")).toHaveLength(1);
    const outcome = await analysis;
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    // Same origin: the early facts are used, not fetched again.
    expect(await received("/robots.txt")).toHaveLength(1);
    expect(await received("/llms.txt")).toHaveLength(1);
  });

  it("fetches them again for the final origin when the page redirects to another one", async () => {
    const target = `http://${host}/fixtures/sample-page.html`;
    const [robots, probes, llms] = [(await received("/robots.txt")).length, (await received("/pagegrade-404-check-")).length, (await received("/llms.txt")).length];
    const outcome = await analyzePage(`${env.PAGE_SERVER}/hostile/redirect?to=${encodeURIComponent(target)}`, options);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(outcome.finalUrl).toBe(target);
    expect(await received("/robots.txt")).toHaveLength(robots + 1);
    expect(await received("/pagegrade-404-check-")).toHaveLength(probes + 1);
    expect(await received("/llms.txt")).toHaveLength(llms + 1);
  });
});

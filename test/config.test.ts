import { env } from "cloudflare:workers";
import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../src/index";
import { BASE, createCaller, type Caller } from "./helpers/api";

/** A deployment whose MAX_CRAWL_PAGES is not a number: every path that reads the config says so. */
const broken = { ...env, MAX_CRAWL_PAGES: "a thousand" } as Env;
const message = `Invalid configuration: MAX_CRAWL_PAGES must be a whole number of pages between 1 and 100000 (got "a thousand")`;

describe("a malformed var in a deployment", () => {
  let alice: Caller;
  beforeAll(async () => {
    alice = await createCaller("config");
  });

  it("makes the API answer its usual 500, the var and what it expects only in the log", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const request = new Request(`${BASE}/api/v1/reports`, {
        method: "POST",
        headers: { Authorization: `Bearer ${alice.key}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ url: `${env.PAGE_SERVER}/fixtures/sample-page.html` }),
      });
      const res = await worker.fetch(request, broken, createExecutionContext());
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: "Something went wrong on our side. Please try again.", status: 500 });
      expect(log.mock.calls.flat().map(String)).toContain(message);
    } finally {
      log.mockRestore();
    }
  });

  it("fails an analysis batch as a whole, so the queue retries it", async () => {
    const batch = createMessageBatch("pagegrade-analysis", [{ id: "config-1", timestamp: new Date(), attempts: 1, body: { reportId: 1, generation: 1 } }]);
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expect(worker.queue(batch, broken, createExecutionContext())).rejects.toThrow(message);
    } finally {
      log.mockRestore();
    }
  });
});

import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyzePage } from "../../../src/analysis/analyze";
import { checks } from "../../../src/analysis/checks/index";
import { analysisOptionsFromEnv } from "../../../src/config";

describe("analyzePage on a page past the parse budget", () => {
  it("says in each DOM check's value which part was read, and leaves whole-page checks as they are", async () => {
    // About 3,000,000 characters in 64 KiB paragraphs: the DOM stops at the first start tag past 2,000,000.
    const outcome = await analyzePage(`${env.PAGE_SERVER}/hostile/big/3000000`, analysisOptionsFromEnv(env));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    const domSize = outcome.results.dom_size!.value as { found: number; read: string };
    expect(domSize.read).toMatch(/^first 2,0\d\d,\d{3} of 3,0\d\d,\d{3} characters$/);
    expect(domSize.found).toBeGreaterThanOrEqual(31);
    for (const check of checks) {
      const { value } = outcome.results[check.id]!;
      if (check.readsDom === false) expect(value === null || typeof value !== "object" || !("read" in value), check.id).toBe(true);
      else {
        expect(Object.keys(value as object), check.id).toEqual(["found", "read"]);
        expect((value as { read: string }).read, check.id).toBe(domSize.read);
      }
    }
    expect(outcome.results.page_size!.value).toBeGreaterThanOrEqual(3_000_000);
  });
});

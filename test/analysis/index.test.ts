import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { analyzePage, checks, defaultCheckSettings } from "../../src/analysis/index";

const page = `${env.PAGE_SERVER}/fixtures/sample-page.html`;

describe("pagegrade/analysis analyzePage in a Worker", () => {
  it("works with every option left out, and then refuses a private address as wrangler.toml ships", async () => {
    const outcome = await analyzePage(page);
    expect(outcome).toMatchObject({ ok: false, code: "blocked_url" });
  });

  it("takes only the options given and the defaults for the rest", async () => {
    const outcome = await analyzePage(page, { allowPrivateTargets: true, settings: { titleMaxLength: 5 } });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome));
    expect(Object.keys(outcome.results)).toHaveLength(checks.length);
    // The one setting given applies; the page's title is longer than 5 characters.
    expect(outcome.results.title).toMatchObject({ passed: false, errors: { too_long: { max: 5 } } });
    expect(outcome.results.meta_description_length?.errors ?? {}).not.toHaveProperty("too_long.max", 5);
    expect(defaultCheckSettings.titleMaxLength).toBe(60);
  });

  // timeoutMs: undefined passed through would make AbortSignal.timeout throw.
  it("an option given as undefined keeps its default", async () => {
    const outcome = await analyzePage(page, { allowPrivateTargets: true, timeoutMs: undefined, settings: { titleMaxLength: undefined } });
    expect(outcome.ok).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { defaultAnalysisOptions } from "../../src/analysis/settings";
import { defaultCheckSettings } from "../../src/analysis/types";

describe("defaultAnalysisOptions", () => {
  it("are wrangler.toml's defaults: no private targets, a 15 s deadline, 5 MB pages, the default check settings", () => {
    expect(defaultAnalysisOptions).toEqual({ allowPrivateTargets: false, timeoutMs: 15_000, maxBytes: 5_242_880, settings: defaultCheckSettings });
  });
});

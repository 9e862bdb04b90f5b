import { describe, expect, it } from "vitest";
import { analysisOptionsFromEnv } from "../../src/analysis/settings";
import { defaultCheckSettings } from "../../src/analysis/types";

describe("analysisOptionsFromEnv", () => {
  it("falls back to the defaults when nothing is set", () => {
    expect(analysisOptionsFromEnv({})).toEqual({ allowPrivateTargets: false, timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, settings: defaultCheckSettings });
  });

  it("reads every var as a number", () => {
    const options = analysisOptionsFromEnv({
      ALLOW_PRIVATE_TARGETS: "true",
      FETCH_TIMEOUT_MS: "2500",
      FETCH_MAX_BYTES: "1000",
      TITLE_MIN_LENGTH: "5",
      TITLE_MAX_LENGTH: "70",
      META_DESCRIPTION_MIN_LENGTH: "40",
      META_DESCRIPTION_MAX_LENGTH: "150",
      MAX_IN_PAGE_LINKS: "100",
      MAX_LOAD_TIME_MS: "1000",
      MAX_PAGE_BYTES: "200000",
      MAX_HTTP_REQUESTS: "30",
      MAX_DOM_ELEMENTS: "1000",
      MIN_CONTENT_WORDS: "300",
      MIN_TEXT_HTML_RATIO: "12.5",
    });
    expect(options).toEqual({
      allowPrivateTargets: true,
      timeoutMs: 2500,
      maxBytes: 1000,
      settings: {
        titleMinLength: 5,
        titleMaxLength: 70,
        metaDescriptionMinLength: 40,
        metaDescriptionMaxLength: 150,
        maxInPageLinks: 100,
        maxLoadTimeMs: 1000,
        maxPageBytes: 200_000,
        maxHttpRequests: 30,
        maxDomElements: 1000,
        minContentWords: 300,
        minTextHtmlRatio: 12.5,
      },
    });
  });

  it.each(["", " ", "abc", "-5", "NaN", "Infinity"])("ignores the value %j and keeps the default", (value) => {
    const options = analysisOptionsFromEnv({ FETCH_TIMEOUT_MS: value, TITLE_MAX_LENGTH: value });
    expect(options.timeoutMs).toBe(15_000);
    expect(options.settings.titleMaxLength).toBe(60);
  });

  it("never takes a zero timeout or byte limit, and allows private targets only for exactly \"true\"", () => {
    const options = analysisOptionsFromEnv({ FETCH_TIMEOUT_MS: "0", FETCH_MAX_BYTES: "0", ALLOW_PRIVATE_TARGETS: "TRUE" });
    expect(options).toMatchObject({ timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, allowPrivateTargets: false });
    expect(analysisOptionsFromEnv({ ALLOW_PRIVATE_TARGETS: "1" }).allowPrivateTargets).toBe(false);
  });
});

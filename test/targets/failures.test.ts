import { describe, expect, it } from "vitest";
import { failures } from "../../src/targets/failures";

describe("the failures that end a generation without a fetch's result", () => {
  it("are permanent failures in the shape an analysis failure has", () => {
    for (const [name, failure] of Object.entries(failures)) {
      expect(failure, name).toEqual({ ok: false, code: expect.stringMatching(/^[a-z_]+$/), message: expect.stringMatching(/\.$/), temporary: false });
    }
  });

  it("give clients the codes they read (docs/api.md)", () => {
    expect(failures.crawlCancelled.code).toBe("crawl_cancelled");
    expect(failures.authUnavailable.code).toBe("auth_unavailable");
    expect(failures.renderingOff.code).toBe("render_unavailable");
    expect(failures.analysisLost.code).toBe("analysis_lost");
    expect(failures.analysisCrashed.code).toBe("analysis_crashed");
    expect([failures.enqueueFailed.code, failures.scheduledEnqueueFailed.code]).toEqual(["enqueue_failed", "enqueue_failed"]);
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/http/errors";
import { endpointUrlOrThrow } from "../../src/webhooks/endpoint-url";

const refusal = (input: string, allowPrivateTargets: boolean) => {
  try {
    endpointUrlOrThrow(input, allowPrivateTargets);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, errors: error.errors };
    throw error;
  }
  return null;
};

describe("a webhook endpoint's url", () => {
  it("is the URL guard's normalised href for a public https URL", () => {
    expect(endpointUrlOrThrow("https://Hooks.Example.com/in?x=1", false)).toBe("https://hooks.example.com/in?x=1");
  });

  it("must use https unless private targets are allowed", () => {
    expect(refusal("http://hooks.example.com/in", false)).toEqual({ status: 422, errors: { url: ["The webhook url must use https."] } });
    expect(endpointUrlOrThrow("http://hooks.example.com/in", true)).toBe("http://hooks.example.com/in");
  });

  it("is refused, naming url, where the URL guard refuses a page (private address, not a URL)", () => {
    const local = refusal("https://127.0.0.1/in", false);
    expect(local?.status).toBe(422);
    expect(local?.errors?.url?.[0]).toMatch(/./);
    expect(refusal("not a url", false)?.status).toBe(422);
    expect(endpointUrlOrThrow("http://127.0.0.1:8787/in", true)).toBe("http://127.0.0.1:8787/in");
  });
});

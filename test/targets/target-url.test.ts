import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/http/errors";
import { targetUrlOrThrow } from "../../src/targets/target-url";

const refused = (input: string, allowPrivateTargets = false) => {
  try {
    targetUrlOrThrow(input, allowPrivateTargets);
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return error;
  }
};

describe("the URL a report or crawl audits", () => {
  it("is the URL guard's URL for a public http(s) address", () => {
    expect(targetUrlOrThrow("https://Example.com/a b", false).href).toBe("https://example.com/a%20b");
    expect(targetUrlOrThrow("http://example.com/", false).protocol).toBe("http:");
  });

  it("is a 422 naming url, with the guard's message, for an address the guard refuses", () => {
    for (const input of ["ftp://example.com/", "https://10.0.0.1/", "https://localhost/", "nonsense"]) {
      const error = refused(input);
      expect(error, input).not.toBeNull();
      expect(error!.status).toBe(422);
      expect(error!.errors).toEqual({ url: [error!.message] });
    }
  });

  it("allows a private address only when private targets are allowed", () => {
    expect(refused("http://127.0.0.1:8080/")).not.toBeNull();
    expect(targetUrlOrThrow("http://127.0.0.1:8080/", true).host).toBe("127.0.0.1:8080");
  });
});

import { describe, expect, it } from "vitest";
import { requireEncryptionKey } from "../../src/http/encryption-key";
import { ApiError } from "../../src/http/errors";

describe("the key of stored secrets", () => {
  it("is the configured key", async () => {
    expect(await requireEncryptionKey({ webhookEncryptionKey: "configured" }, "Feature X is not available")).toBeInstanceOf(CryptoKey);
  });

  it("is a 503 naming the feature that is off, with Retry-After, when none is configured", async () => {
    const error = await requireEncryptionKey({ webhookEncryptionKey: undefined }, "Feature X is not available").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: "Feature X is not available: the server has no WEBHOOK_ENCRYPTION_KEY configured.", headers: { "Retry-After": "3600" } });
  });
});

import { describe, expect, it } from "vitest";
import { encryptionKey } from "../../src/crypto/sealed";
import { ApiError } from "../../src/http/errors";
import { decryptSecret, encryptSecret, generateSecret, requireEncryptionKey, secretBytes } from "../../src/webhooks/secret";

describe("webhook signing secrets", () => {
  it("are whsec_ and 32 random bytes in base64, different each time", () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secretBytes(secret)).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
  });

  it("are stored sealed to their account: another account's row does not open them", async () => {
    const key = (await encryptionKey({ webhookEncryptionKey: "test-only key" }))!;
    const secret = generateSecret();
    const stored = await encryptSecret(key, 7, secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(await decryptSecret(key, 7, stored)).toBe(secret);
    await expect(decryptSecret(key, 8, stored)).rejects.toThrow();
  });

  it("cannot be stored without the key: a 503 that says webhooks are off, with Retry-After", async () => {
    const refused = await requireEncryptionKey({ webhookEncryptionKey: undefined }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, headers: { "Retry-After": "3600" } });
    expect((refused as ApiError).message).toBe("Webhooks are not available: the server has no WEBHOOK_ENCRYPTION_KEY configured.");
    expect(await requireEncryptionKey({ webhookEncryptionKey: "test-only key" })).toBeInstanceOf(CryptoKey);
  });
});

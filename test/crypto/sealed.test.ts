import { describe, expect, it } from "vitest";
import { encryptionKey, seal, unseal } from "../../src/crypto/sealed";

const settings = { webhookEncryptionKey: "a long random test-only key material" };

describe("sealed secrets (AES-GCM, context as associated data)", () => {
  it("has no key without WEBHOOK_ENCRYPTION_KEY", async () => {
    expect(await encryptionKey({ webhookEncryptionKey: undefined })).toBeNull();
    expect(await encryptionKey({ webhookEncryptionKey: "" })).toBeNull();
  });

  it("opens what it sealed, with a fresh IV each time and no plain text in the stored form", async () => {
    const key = (await encryptionKey(settings))!;
    const stored = await seal(key, "account:1", "whsec_plain");
    expect(stored).toMatch(/^[A-Za-z0-9+/]{16}\.[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain("whsec_plain");
    expect(await seal(key, "account:1", "whsec_plain")).not.toBe(stored);
    expect(await unseal(key, "account:1", stored)).toBe("whsec_plain");
  });

  it("does not open under another context, another key, or a changed value", async () => {
    const key = (await encryptionKey(settings))!;
    const other = (await encryptionKey({ webhookEncryptionKey: "another key material" }))!;
    const stored = await seal(key, "account:1", "secret");
    await expect(unseal(key, "account:2", stored)).rejects.toThrow();
    await expect(unseal(other, "account:1", stored)).rejects.toThrow();
    const [iv, body] = stored.split(".");
    const flipped = `${iv}.${body!.startsWith("A") ? "B" : "A"}${body!.slice(1)}`;
    await expect(unseal(key, "account:1", flipped)).rejects.toThrow();
  });
});

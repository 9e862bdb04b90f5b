import { describe, expect, it } from "vitest";
import { encryptionKey } from "../../src/crypto/sealed";
import type { Webhook } from "../../src/db/schema";
import { encryptSecret, generateSecret } from "../../src/webhooks/secret";
import { liveSecrets } from "../../src/webhooks/secrets-of";

describe("the secrets that sign a delivery", () => {
  it("are the current secret, and the previous one until its overlap ends", async () => {
    const key = (await encryptionKey({ webhookEncryptionKey: "test-only key" }))!;
    const [current, previous] = [generateSecret(), generateSecret()];
    const now = new Date("2026-05-01T12:00:00.000Z");
    const webhook = {
      accountId: 3,
      secret: await encryptSecret(key, 3, current),
      previousSecret: await encryptSecret(key, 3, previous),
      previousSecretExpiresAt: "2026-05-02T00:00:00.000Z",
    } as Webhook;
    expect(await liveSecrets(key, webhook, now)).toEqual([current, previous]);
    expect(await liveSecrets(key, webhook, new Date("2026-05-02T00:00:00.000Z"))).toEqual([current]);
    expect(await liveSecrets(key, { ...webhook, previousSecret: null, previousSecretExpiresAt: null }, now)).toEqual([current]);
  });
});

import type { Webhook } from "../db/schema";
import { decryptSecret } from "./secret";

/** The secrets that sign a delivery now: the current one, and the previous one during its 24-hour overlap. */
export async function liveSecrets(key: CryptoKey, webhook: Webhook, now: Date): Promise<string[]> {
  const secrets = [await decryptSecret(key, webhook.accountId, webhook.secret)];
  if (webhook.previousSecret && webhook.previousSecretExpiresAt && Date.parse(webhook.previousSecretExpiresAt) > now.getTime()) {
    secrets.push(await decryptSecret(key, webhook.accountId, webhook.previousSecret));
  }
  return secrets;
}

import { encryptionKey, type EncryptionSettings } from "../crypto/sealed";
import { ApiError } from "./errors";

/**
 * The key of stored secrets, or a 503 saying which feature is off: what cannot be stored safely is not stored.
 * `feature` begins the message, e.g. "Webhooks are not available".
 */
export async function requireEncryptionKey(settings: EncryptionSettings, feature: string): Promise<CryptoKey> {
  const key = await encryptionKey(settings);
  if (key) return key;
  throw new ApiError(503, `${feature}: the server has no WEBHOOK_ENCRYPTION_KEY configured.`, undefined, { "Retry-After": "3600" });
}

import { fromBase64, randomBytes, toBase64 } from "../crypto/encoding";
import { seal, unseal, type EncryptionSettings } from "../crypto/sealed";
import { requireEncryptionKey as requireKey } from "../http/encryption-key";

const SECRET_PREFIX = "whsec_";

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const generateSecret = () => SECRET_PREFIX + toBase64(randomBytes(32));

/** The bytes an HMAC is keyed with: the base64 after the prefix, decoded. */
export const secretBytes = (secret: string) => fromBase64(secret.slice(SECRET_PREFIX.length));

/** The key or a 503: an endpoint whose secret cannot be stored safely is not created. */
export const requireEncryptionKey = (settings: EncryptionSettings) => requireKey(settings, "Webhooks are not available");

/** Sealed with the account id as associated data, so rows cannot be swapped between accounts. */
const context = (accountId: number) => `account:${accountId}`;

export const encryptSecret = (key: CryptoKey, accountId: number, secret: string) => seal(key, context(accountId), secret);

export const decryptSecret = (key: CryptoKey, accountId: number, stored: string) => unseal(key, context(accountId), stored);

import type { ConfigVars } from "../config";
import { randomBytes } from "../crypto/encoding";
import { seal, unseal } from "../crypto/sealed";
import { requireEncryptionKey as requireKey } from "../http/encryption-key";

const SECRET_PREFIX = "whsec_";

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const generateSecret = () => SECRET_PREFIX + toBase64(randomBytes(32));

/** The bytes an HMAC is keyed with: the base64 after the prefix, decoded. */
export const secretBytes = (secret: string) => fromBase64(secret.slice(SECRET_PREFIX.length));

export { encryptionKey } from "../crypto/sealed";

/** The key or a 503: an endpoint whose secret cannot be stored safely is not created. */
export const requireEncryptionKey = (env: ConfigVars) => requireKey(env, "Webhooks are not available");

/** Sealed with the account id as associated data, so rows cannot be swapped between accounts. */
const context = (accountId: number) => `account:${accountId}`;

export const encryptSecret = (key: CryptoKey, accountId: number, secret: string) => seal(key, context(accountId), secret);

export const decryptSecret = (key: CryptoKey, accountId: number, stored: string) => unseal(key, context(accountId), stored);

import { config, type ConfigVars } from "../config";
import { randomBytes } from "../crypto/encoding";
import { ApiError } from "../http/errors";

const SECRET_PREFIX = "whsec_";
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes. */
export const generateSecret = () => SECRET_PREFIX + toBase64(randomBytes(32));

/** The bytes an HMAC is keyed with: the base64 after the prefix, decoded. */
export const secretBytes = (secret: string) => fromBase64(secret.slice(SECRET_PREFIX.length));

/**
 * The AES-GCM key behind stored secrets. WEBHOOK_ENCRYPTION_KEY is any long random string (a Worker secret);
 * its SHA-256 is the 256-bit key, so operators need not produce exact key bytes.
 */
export async function encryptionKey(env: ConfigVars): Promise<CryptoKey | null> {
  const material = config(env).webhookEncryptionKey;
  if (!material) return null;
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(material));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

const missingKey = () =>
  new ApiError(503, "Webhooks are not available: the server has no WEBHOOK_ENCRYPTION_KEY configured.", undefined, {
    "Retry-After": "3600",
  });

/** The key or a 503: an endpoint whose secret cannot be stored safely is not created. */
export async function requireEncryptionKey(env: ConfigVars): Promise<CryptoKey> {
  const key = await encryptionKey(env);
  if (!key) throw missingKey();
  return key;
}

/** `base64(iv).base64(ciphertext)`; the account id is bound in as associated data, so rows cannot be swapped. */
export async function encryptSecret(key: CryptoKey, accountId: number, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(`account:${accountId}`) },
    key,
    encoder.encode(secret),
  );
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

export async function decryptSecret(key: CryptoKey, accountId: number, stored: string): Promise<string> {
  const [iv, sealed] = stored.split(".");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv ?? ""), additionalData: encoder.encode(`account:${accountId}`) },
    key,
    fromBase64(sealed ?? ""),
  );
  return new TextDecoder().decode(plain);
}

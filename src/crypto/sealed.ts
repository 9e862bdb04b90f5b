import type { Config } from "../config";
import { fromBase64, randomBytes, toBase64 } from "./encoding";

/*
 * Secrets stored in D1 (webhook signing secrets, the credentials of audits behind a login): AES-GCM under one key,
 * each sealed with the context it belongs to as associated data, so a sealed value moved to another account's row
 * (or to a column meant for another kind of secret) does not open.
 */

const encoder = new TextEncoder();

/** The one setting sealing reads. */
export type EncryptionSettings = Pick<Config, "webhookEncryptionKey">;

/**
 * The AES-GCM key behind stored secrets, or null when none is configured. WEBHOOK_ENCRYPTION_KEY is any long random
 * string (a Worker secret); its SHA-256 is the 256-bit key, so operators need not produce exact key bytes.
 */
export async function encryptionKey({ webhookEncryptionKey: material }: EncryptionSettings): Promise<CryptoKey | null> {
  if (!material) return null;
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(material));
  return crypto.subtle.importKey("raw", digest, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** `base64(iv).base64(ciphertext)`, `context` bound in as associated data. */
export async function seal(key: CryptoKey, context: string, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(context) }, key, encoder.encode(plain));
  return `${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
}

/** The plain text of `seal`; throws when the key, the context or the stored value does not match. */
export async function unseal(key: CryptoKey, context: string, stored: string): Promise<string> {
  const [iv, sealed] = stored.split(".");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv ?? ""), additionalData: encoder.encode(context) },
    key,
    fromBase64(sealed ?? ""),
  );
  return new TextDecoder().decode(plain);
}

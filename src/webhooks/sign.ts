import { secretBytes } from "./secret";

const encoder = new TextEncoder();

/** Standard Webhooks v1: base64 of HMAC-SHA256 over `id.timestamp.body`, keyed with the secret's bytes. */
export async function signature(secret: string, messageId: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secretBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${messageId}.${timestamp}.${body}`));
  return `v1,${btoa(String.fromCharCode(...new Uint8Array(mac)))}`;
}

/** One signature per live secret, space-separated: during a rotation receivers holding either secret verify. */
export async function signatureHeader(secrets: string[], messageId: string, timestamp: number, body: string): Promise<string> {
  const signatures = await Promise.all(secrets.map((secret) => signature(secret, messageId, timestamp, body)));
  return signatures.join(" ");
}

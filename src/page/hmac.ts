import { fromBase64Url, timingSafeEqual, toBase64Url } from "../crypto/encoding";

const encoder = new TextEncoder();

const importKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);

/** HMAC-SHA256 of the parts joined by "|", in base64url. Parts never contain "|" (ids, numbers, base64url). */
export async function sign(secret: string, ...parts: (string | number)[]): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await importKey(secret), encoder.encode(parts.join("|")));
  return toBase64Url(new Uint8Array(mac));
}

export async function verifySignature(secret: string, signature: string, ...parts: (string | number)[]): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return false;
  return timingSafeEqual(fromBase64Url(signature), fromBase64Url(await sign(secret, ...parts)));
}

import { sign, verifySignature } from "./hmac";

export const UNLOCK_TTL_SECONDS = 24 * 60 * 60;

export const unlockCookieName = (key: string) => `pg_unlock_${key}`;

export interface UnlockScope {
  /** subjectKey of the report or crawl (src/page/shared-subject.ts). */
  key: string;
  /** The subject's accessVersion: a password or privacy change bumps it and voids every cookie signed before. */
  accessVersion: number;
}

/** `<expiry seconds>.<HMAC(subject key, access version, expiry)>` */
export async function createUnlockToken(secret: string, scope: UnlockScope, nowMs: number): Promise<string> {
  const expiry = Math.floor(nowMs / 1000) + UNLOCK_TTL_SECONDS;
  return `${expiry}.${await sign(secret, "unlock", scope.key, scope.accessVersion, expiry)}`;
}

export async function isValidUnlockToken(secret: string, scope: UnlockScope, token: string | undefined, nowMs: number) {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token ?? "");
  if (!match) return false;
  const expiry = Number(match[1]);
  if (expiry * 1000 <= nowMs) return false;
  return verifySignature(secret, match[2]!, "unlock", scope.key, scope.accessVersion, expiry);
}

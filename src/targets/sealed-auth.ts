import { credentialsFor, type Auth, type OriginCredentials } from "../analysis/credentials";
import { encryptionKey, seal, unseal, type EncryptionSettings } from "../crypto/sealed";
import { requireEncryptionKey } from "../http/encryption-key";
import { summaryOf, type AuthSummary } from "./auth-field";
import { failures, type Failure } from "./failures";

/*
 * The stored form of `auth` (docs/security.md, "Pages behind a login"): the credentials and the origin of the URL
 * they were given with, sealed together under the key of webhook secrets, and beside them in clear only what the
 * resource shows (type and header names). Only the analysis unseals them, to pass them to the fetch layer.
 */

/** The columns of a report or crawl that hold its auth (both null: none). */
export interface AuthColumns {
  authSecret: string | null;
  authSummary: AuthSummary | null;
}

export const noAuth: AuthColumns = { authSecret: null, authSummary: null };

/** Associated data: a sealed auth opens only on a row of its own account, and never as a webhook secret. */
const context = (accountId: number) => `page-auth:account:${accountId}`;

/** The columns for `auth` given with `url`: a 503 without the encryption key, as for webhooks. */
export async function sealAuth(settings: EncryptionSettings, accountId: number, url: string, auth: Auth): Promise<AuthColumns> {
  const key = await requireEncryptionKey(settings, "Audits behind a login (auth) are not available");
  const { origin } = new URL(url);
  return { authSecret: await seal(key, context(accountId), JSON.stringify({ origin, auth })), authSummary: summaryOf(auth) };
}

/** The columns a write sets: unchanged (undefined), removed (null), or replaced (rotation). */
export async function authColumnsFor(
  settings: EncryptionSettings,
  accountId: number,
  url: string,
  auth: Auth | null | undefined,
): Promise<AuthColumns | undefined> {
  if (auth === undefined) return undefined;
  return auth === null ? noAuth : sealAuth(settings, accountId, url, auth);
}

/**
 * The credentials of a stored auth, for the fetch layer; null without one. One that cannot be opened is a failure:
 * auditing the login page instead would give a report of the wrong page.
 */
export async function unsealCredentials(
  settings: EncryptionSettings,
  accountId: number,
  sealed: string | null,
): Promise<OriginCredentials | null | Failure> {
  if (sealed === null) return null;
  const key = await encryptionKey(settings);
  if (!key) return failures.authUnavailable;
  try {
    const { origin, auth } = JSON.parse(await unseal(key, context(accountId), sealed)) as { origin: string; auth: Auth };
    return credentialsFor(origin, auth);
  } catch {
    return failures.authUnavailable;
  }
}

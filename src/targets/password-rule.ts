import { hashPassword } from "../crypto/password";
import { ApiError } from "../http/errors";

/**
 * Privacy 2 needs a password unless one is already set. Returns the new hash to store, undefined to keep the
 * current one, or null when the privacy is not 2 (a password given then is not effective and not stored).
 */
export async function passwordRule(
  privacy: number,
  password: string | undefined,
  hasPassword: boolean,
): Promise<string | null | undefined> {
  if (privacy !== 2) return null;
  if (password !== undefined) return hashPassword(password);
  if (hasPassword) return undefined;
  const message = "The password field is required when privacy is 2.";
  throw new ApiError(422, message, { password: [message] });
}


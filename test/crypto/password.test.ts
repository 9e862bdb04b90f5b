import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/crypto/password";

describe("report passwords (PBKDF2-SHA256)", () => {
  it("stores scheme, iterations, salt and hash, salted afresh each time", async () => {
    const stored = await hashPassword("correct horse");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hashPassword("correct horse")).not.toBe(stored);
  });

  it("verifies the password it was made from, and nothing else", async () => {
    const stored = await hashPassword("pässwort 1");
    expect(await verifyPassword("pässwort 1", stored)).toBe(true);
    expect(await verifyPassword("pässwort 2", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("refuses a stored value of another scheme or a malformed one", async () => {
    const stored = await hashPassword("secret");
    expect(await verifyPassword("secret", stored.replace("pbkdf2-sha256", "md5"))).toBe(false);
    expect(await verifyPassword("secret", "pbkdf2-sha256$100000$")).toBe(false);
    expect(await verifyPassword("secret", "")).toBe(false);
  });
});

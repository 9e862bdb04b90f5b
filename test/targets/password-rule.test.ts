import { describe, expect, it } from "vitest";
import { verifyPassword } from "../../src/crypto/password";
import { ApiError } from "../../src/http/errors";
import { passwordRule } from "../../src/targets/password-rule";

describe("the privacy password rule", () => {
  it("stores no password outside privacy 2, even one given", async () => {
    expect(await passwordRule(0, "given", false)).toBeNull();
    expect(await passwordRule(1, "given", true)).toBeNull();
  });

  it("hashes a password given with privacy 2", async () => {
    const hash = await passwordRule(2, "open sesame", true);
    expect(typeof hash).toBe("string");
    expect(await verifyPassword("open sesame", hash!)).toBe(true);
  });

  it("keeps the current password (undefined) when privacy 2 stays without a new one", async () => {
    expect(await passwordRule(2, undefined, true)).toBeUndefined();
  });

  it("is a 422 naming password when privacy 2 has none, given or stored", async () => {
    const error = await passwordRule(2, undefined, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errors: { password: ["The password field is required when privacy is 2."] } });
  });
});

import { describe, expect, it } from "vitest";
import { sign, verifySignature } from "../../src/page/hmac";

describe("sign and verifySignature", () => {
  it("sign the parts joined with the secret as 43 base64url characters, the same parts the same way", async () => {
    const mac = await sign("secret", "unlock", "r1", 3);
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sign("secret", "unlock", "r1", 3)).toBe(mac);
    expect(await sign("secret", "unlock", "r1", 4)).not.toBe(mac);
    expect(await sign("other", "unlock", "r1", 3)).not.toBe(mac);
  });

  it("verify only the signature of the same secret and parts", async () => {
    const mac = await sign("secret", "csrf", "r1", "nonce");
    expect(await verifySignature("secret", mac, "csrf", "r1", "nonce")).toBe(true);
    expect(await verifySignature("secret", mac, "csrf", "r2", "nonce")).toBe(false);
    expect(await verifySignature("other", mac, "csrf", "r1", "nonce")).toBe(false);
    const flipped = (mac[0] === "A" ? "B" : "A") + mac.slice(1);
    expect(await verifySignature("secret", flipped, "csrf", "r1", "nonce")).toBe(false);
    expect(await verifySignature("secret", `${mac}=`, "csrf", "r1", "nonce")).toBe(false);
    expect(await verifySignature("secret", "", "csrf", "r1", "nonce")).toBe(false);
  });
});

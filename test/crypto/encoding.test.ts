import { describe, expect, it } from "vitest";
import { fromBase64, fromBase64Url, randomBytes, sha256Hex, timingSafeEqual, toBase64, toBase64Url, toHex } from "../../src/crypto/encoding";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("encodings of secrets and hashes", () => {
  it("writes hex two digits a byte, leading zeros kept", () => {
    expect(toHex(bytes(0, 1, 15, 16, 255))).toBe("00010f10ff");
    expect(toHex(bytes(0xde, 0xad).buffer)).toBe("dead");
  });

  it("round-trips base64 and base64url, the url form without padding and with - and _", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(fromBase64(toBase64(all))).toEqual(all);
    expect(fromBase64Url(toBase64Url(all))).toEqual(all);
    // 0xfb 0xff encodes to "+/8=" in base64: the url form swaps both characters and drops the padding.
    expect(toBase64(bytes(0xfb, 0xff))).toBe("+/8=");
    expect(toBase64Url(bytes(0xfb, 0xff))).toBe("-_8");
  });

  it("hashes text with SHA-256 as hex", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("draws fresh random bytes of the length asked", () => {
    const a = randomBytes(32);
    expect(a).toHaveLength(32);
    expect(toHex(a)).not.toBe(toHex(randomBytes(32)));
  });

  it("compares bytes: equal only with the same length and contents", () => {
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 4))).toBe(false);
    expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2))).toBe(false);
    expect(timingSafeEqual(bytes(), bytes())).toBe(true);
  });
});

import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { timingSafeEqual } from "../../src/crypto/encoding";
import { hashPassword, verifyPassword } from "../../src/crypto/password";

const bytes = (...values: number[]) => new Uint8Array(values);
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && a.every((v, i) => v === b[i]);

/** The runtime's crypto.subtle.timingSafeEqual hidden, so the portable loop is what runs. */
function withoutNativeCompare<T>(run: () => T): T {
  Object.defineProperty(crypto.subtle, "timingSafeEqual", { value: undefined, configurable: true, writable: true });
  try {
    expect((crypto.subtle as { timingSafeEqual?: unknown }).timingSafeEqual).toBeUndefined();
    return run();
  } finally {
    delete (crypto.subtle as { timingSafeEqual?: unknown }).timingSafeEqual;
  }
}

const implementations: [string, <T>(run: () => T) => T][] = [
  ["the runtime's constant-time compare", (run) => run()],
  ["the portable constant-time loop", withoutNativeCompare],
];

describe.each(implementations)("timingSafeEqual through %s", (_name, through) => {
  it("is true for equal bytes, including empty ones", () => {
    through(() => {
      expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true);
      expect(timingSafeEqual(bytes(), bytes())).toBe(true);
    });
  });

  it("is false when one byte differs, wherever it is", () => {
    through(() => {
      const base = new Uint8Array(32).fill(7);
      for (const at of [0, 15, 31]) {
        const other = base.slice();
        other[at] = 8;
        expect(timingSafeEqual(base, other), `differs at ${at}`).toBe(false);
      }
    });
  });

  it("is false for different lengths, even when one is a prefix of the other, and does not throw", () => {
    through(() => {
      expect(timingSafeEqual(bytes(1, 2, 3), bytes(1, 2))).toBe(false);
      expect(timingSafeEqual(bytes(), bytes(0))).toBe(false);
      expect(timingSafeEqual(new Uint8Array(32), new Uint8Array(33))).toBe(false);
    });
  });

  it("agrees with a plain byte comparison on any input", () => {
    const pair = fc.oneof(
      fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 })),
      fc.uint8Array({ maxLength: 64 }).map((a) => [a, a.slice()] as [Uint8Array, Uint8Array]),
    );
    through(() =>
      fc.assert(
        fc.property(pair, ([a, b]) => timingSafeEqual(a, b) === sameBytes(a, b)),
        { numRuns: 200 },
      ),
    );
  });
});

describe("password verification", () => {
  afterEach(() => vi.restoreAllMocks());

  it("compares the derived keys with the constant-time compare, 32 bytes each time whatever the guess", async () => {
    const stored = await hashPassword("correct horse battery staple");
    const subtle = crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };
    const compare = vi.spyOn(subtle, "timingSafeEqual");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("wrong", stored)).toBe(false);
    expect(await verifyPassword("x".repeat(128), stored)).toBe(false);
    expect(compare).toHaveBeenCalledTimes(3);
    for (const [a, b] of compare.mock.calls) expect([a.byteLength, b.byteLength]).toEqual([32, 32]);
  });

  it("stores a salted hash: the same password twice gives two different strings, neither containing it", async () => {
    const [one, two] = await Promise.all([hashPassword("same secret"), hashPassword("same secret")]);
    expect(one).not.toBe(two);
    expect(one).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(one).not.toContain("same secret");
  });

  it("refuses a stored hash that is malformed or was cut short, without throwing", async () => {
    const stored = await hashPassword("pw");
    for (const broken of ["", "plain-text-password", stored.slice(0, -4), stored.replace("pbkdf2-sha256", "md5"), "pbkdf2-sha256$100000$$"]) {
      expect(await verifyPassword("pw", broken), broken).toBe(false);
    }
  });
});

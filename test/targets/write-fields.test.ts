import { describe, expect, it } from "vitest";
import { integerOf, password, privacyValues, renderValues } from "../../src/targets/write-fields";

describe("the write fields reports and crawls share", () => {
  const privacy = integerOf("privacy", privacyValues);

  it("takes an allowed value as a form string or a JSON number", () => {
    expect(privacy.parse("2")).toBe(2);
    expect(privacy.parse(0)).toBe(0);
    expect(integerOf("render", renderValues).parse("1")).toBe(1);
  });

  it("names the allowed values for anything else", () => {
    for (const value of ["5", 5, "", "one", 1.5, null]) {
      const result = privacy.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error!.issues[0]!.message).toBe("The privacy field must be one of 0, 1, 2.");
    }
  });

  it("takes a password of 1 to 128 characters", () => {
    expect(password.parse("x")).toBe("x");
    expect(password.parse("y".repeat(128))).toHaveLength(128);
    expect(password.safeParse("").error!.issues[0]!.message).toBe("The password field must be 1 to 128 characters.");
    expect(password.safeParse("z".repeat(129)).success).toBe(false);
    expect(password.safeParse(12).error!.issues[0]!.message).toBe("The password field must be a string.");
  });
});

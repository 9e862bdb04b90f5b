import { describe, expect, it } from "vitest";
import { language } from "../../../src/analysis/checks/language";
import { makePage } from "../../helpers/page";

describe("language check", () => {
  it("passes language tags with optional script and region", () => {
    expect(language.run(makePage('<html lang=" en "><body>x</body></html>'))).toEqual({ passed: true, value: "en" });
    expect(language.run(makePage('<html lang="zh-Hant-TW"></html>')).passed).toBe(true);
    expect(language.run(makePage('<html lang="es-419"></html>')).passed).toBe(true);
  });

  it("fails a missing or empty lang", () => {
    expect(language.run(makePage("<html><body>x</body></html>"))).toEqual({ passed: false, value: null, errors: { missing: true } });
    expect(language.run(makePage('<html lang=""></html>')).errors).toEqual({ missing: true });
  });

  it("fails a lang that is not a language tag", () => {
    expect(language.run(makePage('<html lang="en_US"></html>'))).toEqual({ passed: false, value: "en_US", errors: { invalid: "en_US" } });
    expect(language.run(makePage('<html lang="english"></html>')).passed).toBe(false);
  });
});

import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { element, escapeXml } from "../../src/cli/xml";

describe("escapeXml and element", () => {
  it("escape markup and quotes, and replace what XML 1.0 cannot carry", () => {
    expect(escapeXml(`a & <b> "c" 'd'`)).toBe("a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;");
    expect(escapeXml("tab\tok\u0001\u001b\uFFFE lone \uD800 pair \uD83D\uDE00")).toBe("tab\tok\uFFFD\uFFFD\uFFFD lone \uFFFD pair \uD83D\uDE00");
  });

  it("build well-formed elements whose attributes read back as written", () => {
    const nasty = `x"y' <z> & \u0000`;
    const xml = element("suite", { name: nasty, tests: 2 }, element("case", { name: "a" }) + element("case", { name: "b" }, "text &amp; more"));
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
    expect(parsed.suite.name).toBe(`x"y' <z> & \uFFFD`);
    expect(parsed.suite.tests).toBe("2");
    expect(parsed.suite.case).toHaveLength(2);
    expect(element("empty", {})).toBe("<empty/>");
  });
});

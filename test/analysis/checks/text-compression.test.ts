import { describe, expect, it } from "vitest";
import { textCompression } from "../../../src/analysis/checks/text-compression";
import { makePage } from "../../helpers/page";

const withEncoding = (encoding?: string) =>
  textCompression.run(makePage("<p>x</p>", { headers: encoding === undefined ? {} : { "Content-Encoding": encoding } }));

describe("text_compression check", () => {
  it("passes gzip, br and zstd in any case", () => {
    expect(withEncoding("gzip")).toEqual({ passed: true, value: "gzip" });
    expect(withEncoding("BR")).toEqual({ passed: true, value: "BR" });
    expect(withEncoding("zstd").passed).toBe(true);
  });

  it("passes a list of codings that includes a compression", () => {
    expect(withEncoding("identity, br")).toEqual({ passed: true, value: "identity, br" });
  });

  it("fails an uncompressed response", () => {
    expect(withEncoding()).toEqual({ passed: false, value: null, errors: { not_compressed: true } });
  });

  it("fails an encoding that is not gzip, br or zstd", () => {
    expect(withEncoding("deflate")).toEqual({ passed: false, value: "deflate", errors: { unsupported_encoding: "deflate" } });
  });
});

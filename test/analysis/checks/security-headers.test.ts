import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../../src/analysis/checks/security-headers";
import { makePage } from "../../helpers/page";

const run = (headers: Record<string, string>) => securityHeaders.run(makePage("<p>x</p>", { headers }));

describe("security_headers check", () => {
  it("passes CSP, nosniff and Referrer-Policy", () => {
    const v = run({ "Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin" });
    expect(v).toEqual({
      passed: true,
      value: { content_security_policy: true, x_frame_options: false, x_content_type_options: true, referrer_policy: true },
    });
  });

  it("accepts X-Frame-Options in place of CSP", () => {
    const v = run({ "X-Frame-Options": "DENY", "X-Content-Type-Options": "NoSniff", "Referrer-Policy": "no-referrer" });
    expect(v.passed).toBe(true);
  });

  it("fails and names every missing header", () => {
    const v = run({ "X-Content-Type-Options": "sniff-please" });
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ content_security_policy: false, x_frame_options: false, x_content_type_options: false, referrer_policy: false });
    expect(v.errors).toEqual({
      missing_headers: ["Content-Security-Policy or X-Frame-Options", "X-Content-Type-Options: nosniff", "Referrer-Policy"],
    });
  });

  it("fails a page with only some of them", () => {
    const v = run({ "Content-Security-Policy": "default-src 'self'", "X-Content-Type-Options": "nosniff" });
    expect(v.errors).toEqual({ missing_headers: ["Referrer-Policy"] });
  });
});

import { describe, expect, it } from "vitest";
import { serverSignature } from "../../../src/analysis/checks/server-signature";
import { makePage } from "../../helpers/page";

const run = (headers: Record<string, string>) => serverSignature.run(makePage("<p>x</p>", { headers }));

describe("server_signature check", () => {
  it("passes product names without versions", () => {
    expect(run({ Server: "nginx", "X-Powered-By": "Express" })).toEqual({
      passed: true,
      value: { server: "nginx", x_powered_by: "Express" },
    });
    expect(run({ Server: "ECS (nyb/1D07)" }).passed).toBe(true);
    expect(run({}).value).toEqual({ server: null, x_powered_by: null });
  });

  it("fails a Server header with a version", () => {
    const v = run({ Server: "Apache/2.4.41 (Ubuntu)" });
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ server: "Apache/2.4.41 (Ubuntu)", x_powered_by: null });
    expect(v.errors).toEqual({ version_revealed: { server: "Apache/2.4.41 (Ubuntu)" } });
  });

  it("fails an X-Powered-By version after a slash or standing alone", () => {
    expect(run({ "X-Powered-By": "PHP/8" }).errors).toEqual({ version_revealed: { x_powered_by: "PHP/8" } });
    expect(run({ "X-Powered-By": "Phusion Passenger 6.0.4", Server: "Microsoft-IIS/10.0" }).errors).toEqual({
      version_revealed: { server: "Microsoft-IIS/10.0", x_powered_by: "Phusion Passenger 6.0.4" },
    });
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkTargetUrl } from "../../src/analysis/url-guard";
import {
  blockedIpv4Ranges,
  intToIpv4,
  ipv4In,
  ipv4MappedSpelling,
  ipv4Spelling,
  ipv6In,
  ipv6Spelling,
  publicHostname,
  publicIpv4,
  publicIpv6,
} from "../helpers/ip-spellings";

const strict = { allowPrivateTargets: false };
const RUNS = { numRuns: 200 };

const scheme = fc.constantFrom("http", "https", "HTTP", "Https");
const path = fc.constantFrom("/", "/latest/meta-data/", "/a?b=c", "", "/x#frag");
const port = fc.constantFrom("", ":80", ":443");

/** Refused with blocked_url, or invalid_url when the parser itself rejects the spelling; never accepted. */
function expectRefused(url: string) {
  const result = checkTargetUrl(url, strict);
  expect(result.ok, `${url} was accepted as ${result.ok ? result.url.href : ""}`).toBe(false);
  if (!result.ok) expect(result.code).toBe("blocked_url");
}

function expectAccepted(url: string) {
  const result = checkTargetUrl(url, strict);
  expect(result.ok, `${url} was refused: ${result.ok ? "" : result.message}`).toBe(true);
  return result.ok ? result.url : null;
}

describe("checkTargetUrl refuses every blocked IPv4 address in every spelling", () => {
  it.each(Object.entries(blockedIpv4Ranges))("refuses addresses in %s, however they are written", (_name, range) => {
    const url = ipv4In(range).chain((n) =>
      fc.tuple(scheme, ipv4Spelling(n), port, path).map(([s, host, p, rest]) => ({ n, url: `${s}://${host}${p}${rest}` })),
    );
    fc.assert(
      fc.property(url, ({ n, url }) => {
        // The spelling really is that address: the parser agrees before the guard judges it.
        expect(new URL(url).hostname).toBe(intToIpv4(n));
        expectRefused(url);
      }),
      RUNS,
    );
  });

  it("refuses 169.254.169.254 in every one of its spellings", () => {
    fc.assert(
      fc.property(ipv4Spelling(0xa9fea9fe), (host) => expectRefused(`http://${host}/latest/meta-data/iam/`)),
      RUNS,
    );
  });

  it("refuses blocked IPv4 addresses inside IPv4-mapped IPv6, dotted or hex", () => {
    const ranges = Object.values(blockedIpv4Ranges);
    const url = fc
      .constantFrom(...ranges)
      .chain(ipv4In)
      .chain((n) => ipv4MappedSpelling(n))
      .map((host) => `http://[${host}]/`);
    fc.assert(fc.property(url, expectRefused), RUNS);
  });
});

describe("checkTargetUrl refuses every non-public IPv6 address", () => {
  const ranges: [string, fc.Arbitrary<readonly number[]>][] = [
    ["loopback ::1", fc.constant([0, 0, 0, 0, 0, 0, 0, 1])],
    ["unspecified ::", fc.constant([0, 0, 0, 0, 0, 0, 0, 0])],
    ["link-local fe80::/10", ipv6In(0xfe80, 10)],
    ["unique-local fc00::/7", ipv6In(0xfc00, 7)],
    ["multicast ff00::/8", ipv6In(0xff00, 8)],
  ];
  it.each(ranges)("refuses %s in any spelling", (_name, groups) => {
    const url = fc
      .tuple(scheme, groups.chain(ipv6Spelling), port, path)
      .map(([s, host, p, rest]) => `${s}://[${host}]${p}${rest}`);
    fc.assert(fc.property(url, expectRefused), RUNS);
  });
});

describe("checkTargetUrl accepts public targets", () => {
  it("accepts public IPv4 addresses in any spelling, normalised to dotted decimal", () => {
    const url = publicIpv4.chain((n) => fc.tuple(fc.constant(n), scheme, ipv4Spelling(n), port, path));
    fc.assert(
      fc.property(url, ([n, s, host, p, rest]) => {
        const parsed = expectAccepted(`${s}://${host}${p}${rest}`);
        expect(parsed?.hostname).toBe(intToIpv4(n));
        expect(parsed?.hash).toBe("");
      }),
      RUNS,
    );
  });

  it("accepts public IPv4 addresses written as IPv4-mapped IPv6", () => {
    const url = publicIpv4.chain(ipv4MappedSpelling).map((host) => `https://[${host}]/`);
    fc.assert(fc.property(url, (u) => void expectAccepted(u)), RUNS);
  });

  it("accepts global unicast IPv6 addresses in any spelling", () => {
    const url = fc.tuple(scheme, publicIpv6.chain(ipv6Spelling), port, path).map(([s, host, p, rest]) => `${s}://[${host}]${p}${rest}`);
    fc.assert(fc.property(url, (u) => void expectAccepted(u)), RUNS);
  });

  it("accepts ordinary host names and lower-cases them", () => {
    const url = fc.tuple(scheme, publicHostname, port, path, fc.boolean());
    fc.assert(
      fc.property(url, ([s, host, p, rest, trailingDot]) => {
        const parsed = expectAccepted(`${s}://${host}${trailingDot ? "." : ""}${p}${rest}`);
        expect(parsed?.hostname).toBe(`${host.toLowerCase()}${trailingDot ? "." : ""}`);
      }),
      RUNS,
    );
  });
});

describe("checkTargetUrl refuses local names, odd ports and credentials around any host", () => {
  it("refuses localhost and every *.localhost, *.local and *.internal name, any case, trailing dot or not", () => {
    const url = fc
      .tuple(
        fc.option(publicHostname.map((h) => `${h.replace(/\.[^.]+$/, "")}.`), { nil: "" }),
        fc.constantFrom("localhost", "local", "internal"),
        fc.boolean(),
        fc.boolean(),
      )
      .filter(([sub, suffix]) => suffix === "localhost" || sub !== "")
      .map(([sub, suffix, upper, dot]) => {
        const host = `${sub}${suffix}${dot ? "." : ""}`;
        return `http://${upper ? host.toUpperCase() : host}/`;
      });
    fc.assert(fc.property(url, expectRefused), RUNS);
  });

  it("refuses any port but 80 and 443 on a public host", () => {
    const url = fc
      .tuple(publicHostname, fc.integer({ min: 1, max: 65535 }).filter((p) => p !== 80 && p !== 443))
      .map(([host, p]) => `https://${host}:${p}/`);
    fc.assert(fc.property(url, expectRefused), RUNS);
  });

  it("refuses a user name or password on any host", () => {
    const url = fc
      .tuple(fc.stringMatching(/^[a-z0-9]{1,8}$/), fc.option(fc.stringMatching(/^[a-z0-9]{1,8}$/)), publicHostname)
      .map(([user, pass, host]) => `https://${user}${pass === null ? "" : `:${pass}`}@${host}/`);
    fc.assert(fc.property(url, expectRefused), RUNS);
  });

  it("never throws, whatever the input, and only ever accepts http and https", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ size: "small" }), fc.string({ unit: "binary" }), fc.string().map((s) => `http://${s}`)), (input) => {
        const result = checkTargetUrl(input, strict);
        if (result.ok) expect(["http:", "https:"]).toContain(result.url.protocol);
        else expect(["invalid_url", "blocked_url"]).toContain(result.code);
      }),
      { numRuns: 100 },
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  authHeaderNameProblem,
  authHeaderValueProblem,
  authHeaders,
  authNames,
  basicAuthorization,
  basicProblem,
  credentialsFor,
  headersFor,
} from "../../src/analysis/credentials";

const base = { accept: "text/html" };

describe("credentials", () => {
  it("encodes Basic as base64 of user:password in UTF-8", () => {
    expect(basicAuthorization("Aladdin", "open sesame")).toBe("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==");
    // RFC 7617 section 2.1's example of charset="UTF-8".
    expect(basicAuthorization("test", "123£")).toBe("Basic dGVzdDoxMjPCow==");
    expect(atob(basicAuthorization("jürgen", "pässwört").slice(6))).toBe(String.fromCharCode(...new TextEncoder().encode("jürgen:pässwört")));
  });

  it("turns an auth into lower-cased header lines and shows only their names", () => {
    expect(authHeaders({ basic: { username: "a", password: "b" } })).toEqual({ authorization: "Basic YTpi" });
    expect(authHeaders({ headers: { Cookie: "session=1", "X-Staging-Token": "t" } })).toEqual({ cookie: "session=1", "x-staging-token": "t" });
    expect(authNames({ basic: { username: "a", password: "b" } })).toEqual(["Authorization"]);
    expect(authNames({ headers: { Cookie: "session=1", "X-Staging-Token": "t" } })).toEqual(["Cookie", "X-Staging-Token"]);
  });

  it("belongs to the origin of the URL the user gave: scheme, host and port", () => {
    const credentials = credentialsFor("https://Staging.Example.com:443/members/?a=1", { headers: { Cookie: "s=1" } });
    expect(credentials).toEqual({ origin: "https://staging.example.com", headers: { cookie: "s=1" } });
    const on = (url: string) => headersFor(new URL(url), base, credentials);
    expect(on("https://staging.example.com/other/page")).toEqual({ accept: "text/html", cookie: "s=1" });
    expect(on("https://staging.example.com:443/robots.txt")).toEqual({ accept: "text/html", cookie: "s=1" });
    // Another scheme, port or host, a subdomain or a parent domain: another origin.
    for (const url of [
      "http://staging.example.com/",
      "https://staging.example.com:8443/",
      "https://example.com/",
      "https://www.staging.example.com/",
      "https://staging.example.com.evil.test/",
    ]) {
      expect(on(url), url).toEqual(base);
    }
    expect(headersFor(new URL("https://staging.example.com/"), base, undefined)).toEqual(base);
  });

  it("accepts only Authorization, Cookie and X-* header names", () => {
    for (const name of ["Authorization", "cookie", "X-Staging-Token", "x-api-key"]) expect(authHeaderNameProblem(name), name).toBeNull();
    for (const name of ["Host", "User-Agent", "Accept", "X-", "X Token", "X-Bad\r\nHost", "Cookie2", "Proxy-Authorization", ""]) {
      expect(authHeaderNameProblem(name), name).not.toBeNull();
    }
    expect(authHeaderNameProblem(`X-${"a".repeat(63)}`)).toBe("must be at most 64 characters");
  });

  it("refuses header values with line breaks, non-ASCII or past the limit", () => {
    expect(authHeaderValueProblem("session=abc; theme=dark")).toBeNull();
    expect(authHeaderValueProblem("a\r\nHost: evil")).toBe("must be printable ASCII, without line breaks");
    expect(authHeaderValueProblem("a\nb")).toBe("must be printable ASCII, without line breaks");
    expect(authHeaderValueProblem("café")).toBe("must be printable ASCII, without line breaks");
    expect(authHeaderValueProblem("")).toBe("must not be empty");
    expect(authHeaderValueProblem("a".repeat(4097))).toBe("must be at most 4096 characters");
  });

  it("refuses a Basic user name with a colon or control characters", () => {
    expect(basicProblem("jürgen", "pässwört: with colon")).toBeNull();
    expect(basicProblem("a:b", "x")).toEqual({ field: "username", message: "must not contain a colon" });
    expect(basicProblem("", "x")).toEqual({ field: "username", message: "must not be empty" });
    expect(basicProblem("a", "x\ny")).toEqual({ field: "password", message: "must not contain control characters" });
    expect(basicProblem("a", "p".repeat(1025))).toEqual({ field: "password", message: "must be at most 1024 characters" });
  });
});

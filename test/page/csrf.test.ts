import { describe, expect, it } from "vitest";
import { isSameOriginRequest, isValidCsrf, issueCsrf } from "../../src/page/csrf";
import { openForm, PASSWORD, passwordProtected, postForm, setCookieNamed } from "../helpers/report-page";

describe("password-protected report pages: the CSRF token of the unlock form", () => {
  const { protectedReport } = passwordProtected();

  it("rejects a submission without the CSRF cookie, with a forged token, or from another site (403)", async () => {
    const id = await protectedReport();
    const { token, cookie } = await openForm(id);
    const post = (form: Record<string, string>, headers: Record<string, string>) => postForm(`/reports/${id}/unlock`, form, headers);
    const attempts = [
      post({ password: PASSWORD, csrf_token: token }, {}),
      post({ password: PASSWORD }, { Cookie: cookie }),
      post({ password: PASSWORD, csrf_token: "A".repeat(43) }, { Cookie: cookie }),
      post({ password: PASSWORD, csrf_token: token }, { Cookie: cookie, Origin: "https://evil.example" }),
      post({ password: PASSWORD, csrf_token: token }, { Cookie: cookie, "Sec-Fetch-Site": "cross-site" }),
      post({ password: PASSWORD, csrf_token: token }, { Cookie: cookie, "Sec-Fetch-Site": "same-site" }),
      post({ password: PASSWORD, csrf_token: token }, { Cookie: cookie, Origin: "null" }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.text).toContain("The form expired or was sent from another page.");
      expect(setCookieNamed(res.headers, `pg_unlock_${id}`)).toBeUndefined();
    }
    // A token from another report's form does not fit this one.
    const other = await protectedReport();
    const foreign = await openForm(other);
    const crossed = await post({ password: PASSWORD, csrf_token: foreign.token }, { Cookie: cookie });
    expect(crossed.status).toBe(403);
    // And the same form, sent properly, still works.
    const ok = await post({ password: PASSWORD, csrf_token: token }, { Cookie: cookie, Origin: "https://pagegrade.test" });
    expect(ok.status).toBe(303);
  });
});

describe("issueCsrf and isValidCsrf", () => {
  it("accept the token issued for a nonce and key, and nothing else", async () => {
    const { nonce, token } = await issueCsrf("secret", "r1");
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await isValidCsrf("secret", "r1", nonce, token)).toBe(true);
    expect(await isValidCsrf("secret", "r2", nonce, token)).toBe(false);
    expect(await isValidCsrf("other secret", "r1", nonce, token)).toBe(false);
    expect(await isValidCsrf("secret", "r1", undefined, token)).toBe(false);
    expect(await isValidCsrf("secret", "r1", "short", token)).toBe(false);
    expect(await isValidCsrf("secret", "r1", nonce, 42)).toBe(false);
    const second = await issueCsrf("secret", "r1");
    expect(second.nonce).not.toBe(nonce);
    expect(await isValidCsrf("secret", "r1", second.nonce, token)).toBe(false);
  });
});

describe("isSameOriginRequest", () => {
  const url = "https://pagegrade.test/reports/1/unlock";
  const from = (headers: Record<string, string>) => isSameOriginRequest(new Headers(headers), url);

  it("accepts this origin, a navigation typed by hand, and a browser that says nothing", () => {
    expect(from({ origin: "https://pagegrade.test", "sec-fetch-site": "same-origin" })).toBe(true);
    expect(from({ "sec-fetch-site": "none" })).toBe(true);
    expect(from({})).toBe(true);
  });

  it("refuses another origin or site, and an opaque origin unless the browser says same-origin", () => {
    expect(from({ origin: "https://evil.example" })).toBe(false);
    expect(from({ origin: "http://pagegrade.test" })).toBe(false);
    expect(from({ "sec-fetch-site": "same-site" })).toBe(false);
    expect(from({ "sec-fetch-site": "cross-site", origin: "https://pagegrade.test" })).toBe(false);
    expect(from({ origin: "null" })).toBe(false);
    expect(from({ origin: "null", "sec-fetch-site": "same-origin" })).toBe(true);
  });
});

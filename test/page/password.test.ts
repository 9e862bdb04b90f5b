import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { call, createCaller, type Caller } from "../helpers/api";
import { cookiesOf, insertReport, openForm, postForm, setCookieNamed, submitPassword } from "../helpers/report-page";

const PASSWORD = "correct horse";

describe("password-protected report pages", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("password-page");
  });

  const protectedReport = () => insertReport(caller, { privacy: 2, password: PASSWORD });

  it("shows a noindex password form with a CSRF token, not the report", async () => {
    const id = await protectedReport();
    const { page, token } = await openForm(id);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<form class="panel" method="post" action="/reports/${id}/unlock">`);
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page.text).not.toContain('class="gauge"');
    expect(page.text).not.toContain("example.com/page");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const csrf = setCookieNamed(page.headers, `pg_csrf_${id}`) ?? "";
    expect(csrf).toMatch(/HttpOnly/);
    expect(csrf).toMatch(new RegExp(`Path=/reports/${id}(;|$)`));
    expect(page.headers.get("cache-control")).toBe("no-store");
  });

  it("unlocks with the right password: a 303 back to the page and a signed, scoped, 24-hour cookie", async () => {
    const id = await protectedReport();
    const res = await submitPassword(id, PASSWORD);
    expect(res.status, res.text).toBe(303);
    expect(res.headers.get("location")).toBe(`/reports/${id}`);
    const cookie = setCookieNamed(res.headers, `pg_unlock_${id}`) ?? "";
    expect(cookie).toMatch(/^pg_unlock_\d+=\d+\.[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain(`Path=/reports/${id}`);
    expect(cookie).toContain("Max-Age=86400");

    const page = await call(`/reports/${id}`, { headers: { Cookie: cookiesOf(res.headers).join("; ") } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('class="gauge"');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  it("leaves Secure off the cookie on plain http (local dev)", async () => {
    const id = await protectedReport();
    const { exports } = await import("cloudflare:workers");
    const form = await exports.default.fetch(new Request(`http://localhost:8787/reports/${id}`));
    const token = /name="csrf_token" value="([^"]+)"/.exec(await form.text())![1]!;
    const res = await exports.default.fetch(
      new Request(`http://localhost:8787/reports/${id}/unlock`, {
        method: "POST",
        headers: { Cookie: cookiesOf(form.headers).join("; "), "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:8787" },
        body: new URLSearchParams({ password: PASSWORD, csrf_token: token }),
        redirect: "manual",
      }),
    );
    expect(res.status).toBe(303);
    const cookie = setCookieNamed(res.headers, `pg_unlock_${id}`) ?? "";
    expect(cookie).toContain("HttpOnly");
    expect(cookie).not.toContain("Secure");
  });

  it("refuses a cookie signed for another report, a tampered one and an expired one", async () => {
    const a = await protectedReport();
    const b = await protectedReport();
    const unlocked = await submitPassword(a, PASSWORD);
    const value = setCookieNamed(unlocked.headers, `pg_unlock_${a}`)!.split(";")[0]!.split("=")[1]!;
    const [expiry, mac] = value.split(".");
    for (const cookie of [
      `pg_unlock_${b}=${value}`,
      `pg_unlock_${a}=${Number(expiry) + 1}.${mac}`,
      `pg_unlock_${a}=${expiry}.${mac!.slice(0, -2)}AA`,
      `pg_unlock_${a}=${Math.floor(Date.now() / 1000) - 10}.${mac}`,
    ]) {
      const page = await call(`/reports/${cookie.startsWith(`pg_unlock_${b}`) ? b : a}`, { headers: { Cookie: cookie } });
      expect(page.text, cookie).toContain("This report is protected");
    }
  });

  it("answers a wrong password with 401 and the form with an error", async () => {
    const id = await protectedReport();
    const res = await submitPassword(id, "wrong");
    expect(res.status).toBe(401);
    expect(res.text).toContain("That password is not right.");
    expect(res.text).toContain('name="csrf_token"');
    expect(setCookieNamed(res.headers, `pg_unlock_${id}`)).toBeUndefined();
  });

  it("gives 429 after 10 wrong tries in 15 minutes from one client, even for the right password, but not to another client", async () => {
    const id = await protectedReport();
    const client = { "cf-connecting-ip": "203.0.113.7" };
    for (let i = 1; i <= 10; i++) {
      const res = await submitPassword(id, `wrong-${i}`, { headers: client });
      expect(res.status, `try ${i}`).toBe(401);
    }
    const blocked = await submitPassword(id, PASSWORD, { headers: client });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(900);
    expect(blocked.text).toContain("Too many wrong passwords");
    expect(setCookieNamed(blocked.headers, `pg_unlock_${id}`)).toBeUndefined();

    const other = await submitPassword(id, PASSWORD, { headers: { "cf-connecting-ip": "198.51.100.9" } });
    expect(other.status).toBe(303);
  });

  it("counts only wrong tries of the last 15 minutes", async () => {
    const id = await protectedReport();
    const old = Date.now() - 16 * 60 * 1000;
    for (let i = 0; i < 10; i++) {
      await env.DB.prepare("INSERT INTO unlock_attempts (report_id, client, created_at) VALUES (?, 'local', ?)").bind(id, old + i).run();
    }
    const res = await submitPassword(id, PASSWORD);
    expect(res.status).toBe(303);
  });

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

  it("voids the unlock cookie when the password is changed through the API", async () => {
    const id = await protectedReport();
    const unlocked = await submitPassword(id, PASSWORD);
    const cookie = cookiesOf(unlocked.headers).join("; ");
    expect((await call(`/reports/${id}`, { headers: { Cookie: cookie } })).text).toContain('class="gauge"');

    const patch = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form: { password: "a new one" } });
    expect(patch.status, patch.text).toBe(200);
    const after = await call(`/reports/${id}`, { headers: { Cookie: cookie } });
    expect(after.text).toContain("This report is protected");
    expect(after.text).not.toContain('class="gauge"');
    expect((await submitPassword(id, PASSWORD)).status).toBe(401);
    expect((await submitPassword(id, "a new one")).status).toBe(303);
  });

  it("voids the unlock cookie when privacy leaves and re-enters password mode with the same password", async () => {
    const id = await protectedReport();
    const cookie = cookiesOf((await submitPassword(id, PASSWORD)).headers).join("; ");
    expect((await call(`/reports/${id}`, { headers: { Cookie: cookie } })).text).toContain('class="gauge"');
    for (const form of [{ privacy: 0 }, { privacy: 2, password: PASSWORD }] as Record<string, string | number>[]) {
      const res = await call(`/api/v1/reports/${id}`, { key: caller.key, method: "PATCH", form });
      expect(res.status, res.text).toBe(200);
    }
    expect((await call(`/reports/${id}`, { headers: { Cookie: cookie } })).text).toContain("This report is protected");
  });

  it("refuses to unlock with 503 and a plain message when the cookie secret is missing, rather than use a default", async () => {
    const id = await protectedReport();
    const app = createApp();
    const withoutSecret = { ...env, REPORT_COOKIE_SECRET: undefined } as unknown as Env;
    const page = await app.fetch(new Request(`https://pagegrade.test/reports/${id}`), withoutSecret);
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("missing its cookie secret");
    expect(html).not.toContain("csrf_token");
    expect(page.headers.getSetCookie()).toEqual([]);
    const post = await app.fetch(
      new Request(`https://pagegrade.test/reports/${id}/unlock`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password: PASSWORD }),
      }),
      withoutSecret,
    );
    expect(post.status).toBe(503);
    expect(post.headers.getSetCookie()).toEqual([]);
  });

  it("sends the unlock form of a public report back to the page", async () => {
    const id = await insertReport(caller);
    const res = await postForm(`/reports/${id}/unlock`, { password: "x" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/reports/${id}`);
  });
});

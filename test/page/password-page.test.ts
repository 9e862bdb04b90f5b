import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { insertReport, openForm, PASSWORD, passwordProtected, postForm, setCookieNamed, submitPassword } from "../helpers/report-page";

describe("password-protected report pages", () => {
  const { caller, protectedReport } = passwordProtected();

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

  it("answers a wrong password with 401 and the form with an error", async () => {
    const id = await protectedReport();
    const res = await submitPassword(id, "wrong");
    expect(res.status).toBe(401);
    expect(res.text).toContain("That password is not right.");
    expect(res.text).toContain('name="csrf_token"');
    expect(setCookieNamed(res.headers, `pg_unlock_${id}`)).toBeUndefined();
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
    const id = await insertReport(caller());
    const res = await postForm(`/reports/${id}/unlock`, { password: "x" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/reports/${id}`);
  });
});

import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { cookiesOf, PASSWORD, passwordProtected, setCookieNamed, submitPassword } from "../helpers/report-page";

describe("password-protected report pages: the unlock cookie (signed, scoped, voided by a change)", () => {
  const { caller, protectedReport } = passwordProtected();

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

  it("voids the unlock cookie when the password is changed through the API", async () => {
    const id = await protectedReport();
    const unlocked = await submitPassword(id, PASSWORD);
    const cookie = cookiesOf(unlocked.headers).join("; ");
    expect((await call(`/reports/${id}`, { headers: { Cookie: cookie } })).text).toContain('class="gauge"');

    const patch = await call(`/api/v1/reports/${id}`, { key: caller().key, method: "PATCH", form: { password: "a new one" } });
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
      const res = await call(`/api/v1/reports/${id}`, { key: caller().key, method: "PATCH", form });
      expect(res.status, res.text).toBe(200);
    }
    expect((await call(`/reports/${id}`, { headers: { Cookie: cookie } })).text).toContain("This report is protected");
  });

});

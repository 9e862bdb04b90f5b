import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, passwordProtected, setCookieNamed, submitPassword } from "../helpers/report-page";

describe("password-protected report pages: wrong tries per client", () => {
  const { protectedReport } = passwordProtected();

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

});

import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/crypto/password";
import { BASE, call, createCaller, type Caller } from "../helpers/api";
import { cookiesOf, insertReport, postForm, setCookieNamed } from "../helpers/report-page";

const PASSWORD = "crawl horse";

const siteChecks = {
  duplicate_titles: { passed: false, applicable: true, count: 1, examples: [{ value: "Same title", urls: ["https://shop.example/a", "https://shop.example/b"] }] },
  broken_internal_links: { passed: false, applicable: true, count: 1, examples: [{ url: "https://shop.example/gone", status: 404, linked_from: ["https://shop.example/"] }], value: { checked: 4, not_checked: 0, blocked: 0 } },
  broken_external_links: { passed: true, applicable: true, count: 0, examples: [], value: { checked: 10, not_checked: 3 }, partly_checked: true },
  orphan_pages: { passed: true, applicable: false, count: 0, examples: [] },
};

async function seedCrawl(caller: Caller, privacy: number) {
  const good = await insertReport(caller, { url: "https://shop.example/good" });
  const privateReport = await insertReport(caller, { url: "https://shop.example/private", privacy: 1 });
  await env.DB.prepare("UPDATE reports SET score = 95, result = 'good' WHERE id = ?").bind(good).run();
  await env.DB.prepare("UPDATE reports SET score = 20, result = 'bad' WHERE id = ?").bind(privateReport).run();
  const crawl = await env.DB.prepare(
    `INSERT INTO crawls (account_id, project, url, status, privacy, password_hash, found, score, result, site_checks, finished_at)
     VALUES (?, 'shop.example', 'https://shop.example/', 'completed', ?, ?, 3, 58, 'decent', ?, '2026-11-20T10:00:00.000Z') RETURNING id`,
  )
    .bind(caller.accountId, privacy, privacy === 2 ? await hashPassword(PASSWORD) : null, JSON.stringify(siteChecks))
    .first<{ id: number }>();
  const id = crawl!.id;
  const page = env.DB.prepare("INSERT INTO crawl_pages (crawl_id, url, state, report_id) VALUES (?, ?, ?, ?)");
  await env.DB.batch([
    page.bind(id, "https://shop.example/good", "audited", good),
    page.bind(id, "https://shop.example/private", "audited", privateReport),
    page.bind(id, "https://shop.example/secret", "blocked", null),
  ]);
  return { id, good, privateReport };
}

describe("the crawl page /crawls/{id}", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("crawl-page");
  });

  it("shows a public crawl: score, counts, site checks with examples, pages worst first linking to their reports", async () => {
    const { id, good, privateReport } = await seedCrawl(caller, 0);
    const res = await call(`/crawls/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.text).not.toContain('name="robots"');
    expect(res.text).toContain("Site audit of shop.example");
    expect(res.text).toContain('aria-label="Score 58 out of 100"');
    expect(res.text).toContain("“Same title”");
    expect(res.text).toContain("https://shop.example/gone");
    expect(res.text).toContain("Not applicable");
    // Each check's mark: a neutral one for the check that did not apply, never a tick.
    const markOf = (title: string) => [...res.text.slice(0, res.text.indexOf(title)).matchAll(/mark mark-(\w+)/g)].at(-1)?.[1];
    expect(markOf("Every sitemap URL is linked from another page")).toBe("na");
    expect(markOf("Every page has its own title")).toBe("fail");
    // A pass of a check that could not verify everything is never a plain pass.
    expect(res.text).toContain('Links to other sites lead to working pages <span class="tag">Partly checked</span>');
    expect(res.text).toContain('<span class="mark mark-partial" aria-hidden="true">~</span>');
    // Worst first: the private report's page (score 20) before the good one (95), the blocked page last.
    const order = ["https://shop.example/private", "https://shop.example/good", "https://shop.example/secret"].map((u) => res.text.indexOf(`>${u}</a>`));
    expect(order[0]).toBeGreaterThan(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(res.text).toContain(`href="/reports/${good}"`);
    expect(res.text).not.toContain(`href="/reports/${privateReport}"`);
  });

  it("is 404 for a private crawl and for an unknown one, exactly alike", async () => {
    const { id } = await seedCrawl(caller, 1);
    const hidden = await call(`/crawls/${id}`);
    const missing = await call("/crawls/999999");
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.text).toBe(missing.text);
  });

  it("asks for the password, unlocks with a cookie scoped to the crawl, and refuses a wrong one", async () => {
    const { id } = await seedCrawl(caller, 2);
    const form = await call(`/crawls/${id}`);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`action="/crawls/${id}/unlock"`);
    expect(form.text).toContain("This site report is protected");
    expect(form.text).not.toContain("Same title");
    expect(setCookieNamed(form.headers, `pg_csrf_crawl_${id}`)).toMatch(new RegExp(`Path=/crawls/${id}(;|$)`));
    const token = /name="csrf_token" value="([^"]+)"/.exec(form.text)![1]!;
    const headers = { Cookie: cookiesOf(form.headers).join("; "), Origin: BASE, "Sec-Fetch-Site": "same-origin" };

    const wrong = await postForm(`/crawls/${id}/unlock`, { password: "nope", csrf_token: token }, headers);
    expect(wrong.status).toBe(401);

    const right = await postForm(`/crawls/${id}/unlock`, { password: PASSWORD, csrf_token: token }, headers);
    expect(right.status, right.text).toBe(303);
    expect(right.headers.get("location")).toBe(`/crawls/${id}`);
    const cookie = setCookieNamed(right.headers, `pg_unlock_crawl_${id}`)!;
    expect(cookie).toContain(`Path=/crawls/${id}`);
    const page = await call(`/crawls/${id}`, { headers: { Cookie: cookiesOf(right.headers).join("; ") } });
    expect(page.text).toContain("Same title");
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');

    // The crawl's signature does not open a protected report, whatever cookie name it is sent under.
    const value = cookie.split(";")[0]!.split("=")[1]!;
    const report = await insertReport(caller, { privacy: 2, password: PASSWORD });
    const asReport = await call(`/reports/${report}`, { headers: { Cookie: `pg_unlock_${report}=${value}` } });
    expect(asReport.text).toContain("This report is protected");
    expect(asReport.text).not.toContain('class="gauge"');
  });

  it("refuses an unlock without the CSRF token", async () => {
    const { id } = await seedCrawl(caller, 2);
    const res = await postForm(`/crawls/${id}/unlock`, { password: PASSWORD }, { Origin: BASE });
    expect(res.status).toBe(403);
  });
});

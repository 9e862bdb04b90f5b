import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/crypto/password";
import { BASE, call, createCaller, type Caller } from "../helpers/api";
import { chartTable } from "../helpers/html";
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

/**
 * A completed crawl of `n` audited pages seeded straight into D1 (one statement each for reports and pages): page i
 * scores i % 100 and sits at depth i % 4, so the bins and depths are known.
 */
async function seedLargeCrawl(caller: Caller, n: number) {
  const project = await env.DB.prepare("SELECT project_id FROM reports WHERE id = ?").bind(await insertReport(caller)).first<{ project_id: number }>();
  const crawl = await env.DB.prepare(
    `INSERT INTO crawls (account_id, project, url, status, privacy, found, score, result, site_checks, finished_at)
     VALUES (?, 'big.example', 'https://big.example/', 'completed', 0, ?, 50, 'decent', ?, '2026-11-20T10:00:00.000Z') RETURNING id`,
  )
    .bind(caller.accountId, n, JSON.stringify(siteChecks))
    .first<{ id: number }>();
  const id = crawl!.id;
  const prefix = `https://big.example/c${id}/products/a-realistically-long-product-slug-`;
  await env.DB.prepare(
    `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i + 1 < ?)
     INSERT INTO reports (account_id, project_id, url, final_url, status, score, result, results, generated_at)
     SELECT ?, ?, ? || i, ? || i, 'completed', i % 100, CASE WHEN i % 100 >= 80 THEN 'good' WHEN i % 100 >= 50 THEN 'decent' ELSE 'bad' END,
            '{}', '2026-11-20T09:00:00.000Z' FROM seq`,
  )
    .bind(n, caller.accountId, project!.project_id, prefix, prefix)
    .run();
  await env.DB.prepare(
    `INSERT INTO crawl_pages (crawl_id, url, depth, state, report_id)
     SELECT ?1, url, CAST(substr(url, ?2) AS INTEGER) % 4, 'audited', id FROM reports WHERE substr(url, 1, ?2 - 1) = ?3 ORDER BY id`,
  )
    .bind(id, prefix.length + 1, prefix)
    .run();
  return { id, url: (i: number) => `${prefix}${i}` };
}

describe("the crawl page /crawls/{id}", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("crawl-page");
  });

  it("says why the site has no field data, and shows no Page experience when no key was set", async () => {
    const { id } = await seedCrawl(caller, 0);
    const noData = { ok: false, reason: "no_data", message: "The Chrome UX Report has no PHONE data for this origin (https://shop.example): too few Chrome visitors." };
    await env.DB.prepare("UPDATE crawls SET field = ? WHERE id = ?").bind(JSON.stringify(noData), id).run();
    const html = (await call(`/crawls/${id}`)).text;
    expect(html).toContain('<h2 id="experience-heading">Page experience</h2>');
    expect(html).toContain(noData.message);
    const noKey = { ok: false, reason: "no_key", message: "Field data needs a Chrome UX Report API key" };
    await env.DB.prepare("UPDATE crawls SET field = ? WHERE id = ?").bind(JSON.stringify(noKey), id).run();
    expect((await call(`/crawls/${id}`)).text).not.toContain("Page experience");
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
    // The issue table first (page and site checks, as the issues API counts them), then the site checks, then the pages.
    const at = (marker: string) => res.text.indexOf(marker);
    expect(at('id="issues-heading"')).toBeGreaterThan(0);
    expect(at('id="issues-heading"')).toBeLessThan(at('id="site-checks"'));
    expect(at('id="site-checks"')).toBeLessThan(at('id="pages-heading"'));
    expect(res.text).toMatch(/<td><a href="\/api\/v1\/crawls\/\d+\/issues\/duplicate_titles">Every page has its own title<\/a> <span class="tag">site<\/span><\/td><td>medium<\/td><td>1 \(\d+%\)<\/td>/);
    const siteChecks = res.text.slice(res.text.indexOf('id="site-checks"'));
    const markOf = (title: string) => [...siteChecks.slice(0, siteChecks.indexOf(title)).matchAll(/mark mark-(\w+)/g)].at(-1)?.[1];
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

  it("draws the score distribution, pages by depth and issues by importance as SVG with their text alternatives", async () => {
    const { id } = await seedLargeCrawl(caller, 150);
    const res = await call(`/crawls/${id}`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).not.toContain("<script");
    // Scores i % 100 for i < 150: 0-49 twice, 50-99 once, so 20 pages in each of the first five bins, 10 after.
    expect(chartTable(html, "Audited pages by score")).toEqual([
      ["0-9", "20"], ["10-19", "20"], ["20-29", "20"], ["30-39", "20"], ["40-49", "20"],
      ["50-59", "10"], ["60-69", "10"], ["70-79", "10"], ["80-89", "10"], ["90-100", "10"],
    ]);
    expect(html).toContain('aria-label="Audited pages by score: 0-9: 20, 10-19: 20');
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Audited pages by score[^"]*"><title>Audited pages by score/);
    // Depth i % 4 for i < 150: 38, 38, 37, 37.
    expect(chartTable(html, "Pages by depth")).toEqual([["0", "38"], ["1", "38"], ["2", "37"], ["3", "37"]]);
    expect(html).toContain(">Depth (links from the start URL)</text>");
    // The failed site checks, as the issues API counts them: broken_internal_links (high) and duplicate_titles (medium),
    // one each, both seo; broken_external_links passed.
    const issues = html.slice(html.indexOf("<caption>Issues by category and importance</caption>"));
    expect(issues).toMatch(/<th scope="row">seo<\/th><td>1<\/td><td>1<\/td><td>0<\/td>/);
    expect(html).toContain('aria-label="Issues by category and importance: seo: 1 high, 1 medium, 0 low."');
  });

  it("lists 100 pages a screen, worst first: page 2 of a 150-page crawl lists the rest and links back", async () => {
    const { id, url } = await seedLargeCrawl(caller, 150);
    const first = (await call(`/crawls/${id}`)).text;
    expect(first.match(/<td class="url-cell">/g)).toHaveLength(100);
    expect(first).toContain(`href="/crawls/${id}?page=2" rel="next"`);
    expect(first).not.toContain('rel="prev"');
    expect(first).toContain(`>${url(0)}</a>`);
    expect(first).toContain(`>${url(149)}</a>`); // score 49: the last of the worst hundred

    const second = await call(`/crawls/${id}?page=2`);
    expect(second.status).toBe(200);
    expect(second.text.match(/<td class="url-cell">/g)).toHaveLength(50);
    expect(second.text).toContain(`href="/crawls/${id}" rel="prev"`);
    expect(second.text).not.toContain('rel="next"');
    expect(second.text).toContain("Page 2 of 2");
    expect(second.text).toContain(`<link rel="canonical" href="https://pagegrade.test/crawls/${id}?page=2"/>`);
    // Scores 50..99, one page each, lowest first; none of the first screen again.
    const order = [50, 75, 99].map((i) => second.text.indexOf(`>${url(i)}</a>`));
    expect(order[0]).toBeGreaterThan(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(second.text).not.toContain(`>${url(0)}</a>`);
    expect(second.text).not.toContain(`>${url(149)}</a>`);
    // The charts count the whole crawl on every screen.
    expect(chartTable(second.text, "Audited pages by score")[0]).toEqual(["0-9", "20"]);

    // A page number that is not one shows the first screen.
    expect((await call(`/crawls/${id}?page=abc`)).text).toContain(`>${url(0)}</a>`);
  });

  it("stays under 200 KB for a 3,000-page crawl", async () => {
    const { id, url } = await seedLargeCrawl(caller, 3000);
    await call(`/crawls/${id}`); // warm: the isolate's first render compiles the page's code
    const started = performance.now();
    const res = await call(`/crawls/${id}`);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const bytes = new TextEncoder().encode(res.text).length;
    console.info(`crawl page of 3,000 pages: ${bytes} bytes in ${ms.toFixed(0)} ms`);
    expect(bytes).toBeLessThan(200 * 1024);
    expect(res.text.match(/<td class="url-cell">/g)).toHaveLength(100);
    expect(res.text).toContain("Page 1 of 30");
    expect(res.text).toContain(`href="/crawls/${id}?page=2" rel="next"`);
    expect(chartTable(res.text, "Audited pages by score")).toEqual(
      ["0-9", "10-19", "20-29", "30-39", "40-49", "50-59", "60-69", "70-79", "80-89", "90-100"].map((bin) => [bin, "300"]),
    );
    const last = await call(`/crawls/${id}?page=30`);
    expect(last.text).toContain(`>${url(2999)}</a>`);
    expect(last.text).toContain("Page 30 of 30");
  });
});

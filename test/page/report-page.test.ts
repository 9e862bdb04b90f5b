import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../helpers/api";
import { analyse, analyseRendered, HOSTILE, insertReport } from "../helpers/report-page";

const fixture = `<!doctype html><html lang="en"><head><title>${"A"} fine page title here</title>
<meta name="description" content="A description that is long enough to pass the length check of the audit.">
</head><body><h1>Welcome</h1><img src="/a.png"><p>Some words.</p></body></html>`;

function expectPageHeaders(headers: Headers) {
  expect(headers.get("content-type")).toMatch(/^text\/html; charset=utf-8/i);
  const csp = headers.get("content-security-policy") ?? "";
  expect(csp).toContain("default-src 'none'");
  expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("script-src");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("same-origin");
  expect(headers.get("x-frame-options")).toBe("DENY");
}

async function sha256Base64(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

describe("GET /reports/{id}", () => {
  let caller: Caller;
  beforeAll(async () => {
    caller = await createCaller("report-page");
  });

  it("renders a public report with its URLs, time, score, badge, counts and failed checks first", async () => {
    const analysis = analyse(fixture, "https://shop.example/item");
    const id = await insertReport(caller, { url: "https://shop.example/item", finalUrl: "https://shop.example/item/", analysis });
    const res = await call(`/reports/${id}`);
    expect(res.status).toBe(200);
    expectPageHeaders(res.headers);
    const html = res.text;
    expect(html.startsWith("<!DOCTYPE html><html lang=\"en\">")).toBe(true);
    expect(html).toContain("<title>SEO report for shop.example: ");
    expect(html).toContain('<link rel="canonical" href="https://pagegrade.test/reports/' + id + '"/>');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain('href="https://shop.example/item/"');
    expect(html).toContain('<time datetime="2026-11-18T14:03:00.000Z">2026-11-18 14:03 UTC</time>');
    expect(html).toContain(`aria-label="Score ${analysis.score} out of 100"`);
    expect(html).toContain(`badge badge-${analysis.result}`);
    expect(html).toMatch(/<header[\s>][\s\S]*<main>[\s\S]*<footer/);
    expect(html).toContain(`<strong>${analysis.issues.high}</strong>high`);
    // image_alt fails on the fixture: its title, what was found, and the registry's fix.
    expect(html).toContain("Every image has alternative text");
    expect(html).toContain("Give each &lt;img&gt; an alt attribute");
    const seo = html.slice(html.indexOf('id="category-seo"'), html.indexOf("</section>", html.indexOf('id="category-seo"')));
    const firstPass = seo.indexOf("mark-pass");
    const lastFail = seo.lastIndexOf("mark-fail");
    expect(lastFail).toBeGreaterThan(-1);
    expect(lastFail).toBeLessThan(firstPass);
  });

  it("draws the score trend with a 0-100 axis, the audits' dates and each point's score", async () => {
    const id = await insertReport(caller, { url: "https://shop.example/trend" });
    const history = env.DB.prepare(
      `INSERT INTO report_history (report_id, generation, status, score, result, failed_checks, generated_at)
       VALUES (?, ?, 'completed', ?, ?, '[]', ?)`,
    );
    await env.DB.batch([
      history.bind(id, 1, 41, "bad", "2026-11-01T08:00:00.000Z"),
      history.bind(id, 2, 63, "decent", "2026-11-08T08:00:00.000Z"),
      history.bind(id, 3, 87, "good", "2026-11-15T08:00:00.000Z"),
    ]);
    const html = (await call(`/reports/${id}`)).text;
    const start = html.indexOf('<svg class="trend"');
    expect(start).toBeGreaterThan(-1);
    const svg = html.slice(start, html.indexOf("</svg>", start));
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="Score over the last 3 audits: from 41 on 2026-11-01 08:00 UTC to 87 on 2026-11-15 08:00 UTC."');
    const ticks = [...svg.matchAll(/<text class="tick"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(ticks).toEqual(["0", "50", "100", "2026-11-01", "2026-11-08", "2026-11-15"]);
    const scores = [...svg.matchAll(/<text class="count"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(scores).toEqual(["41", "63", "87"]);
    expect(html).toContain("<caption>Score of each audit</caption>");
    expect(html).toContain('<th scope="row">2026-11-08 08:00 UTC</th><td>63</td>');
  });

  it("shows a rendered report's comparison as \"What JavaScript changes\", each failure with its fix, and no such section otherwise", async () => {
    const rendered = fixture.replace("<h1>Welcome</h1>", '<h1>Welcome</h1><a href="/a">Shoes</a>').replace("<title>", '<link rel="canonical" href="/item"><title>');
    const id = await insertReport(caller, { analysis: analyseRendered(fixture, rendered, "https://shop.example/item") });
    const html = (await call(`/reports/${id}`)).text;
    const start = html.indexOf('id="category-rendering"');
    expect(start).toBeGreaterThan(-1);
    const section = html.slice(start, html.indexOf("</section>", start));
    expect(section).toContain("What JavaScript changes");
    expect(section).toContain("Script does not add or change the canonical URL");
    expect(section).toContain("never change it by script");
    expect(section).toContain("Links are in the HTML as served, not only added by script");
    expect(section).toContain("“https://shop.example/a”");
    // Passed: the title is the same in both.
    expect(section).toMatch(/mark-pass[\s\S]*The title is in the HTML as served/);

    const plain = await insertReport(caller, { analysis: analyse(fixture) });
    expect((await call(`/reports/${plain}`)).text).not.toContain("What JavaScript changes");
  });

  it("allows its inline stylesheet by the exact hash in the CSP", async () => {
    const id = await insertReport(caller);
    const res = await call(`/reports/${id}`);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.text)?.[1] ?? "";
    expect(style.length).toBeGreaterThan(100);
    expect(res.headers.get("content-security-policy")).toContain(`style-src 'sha256-${await sha256Base64(style)}'`);
    expect(res.text).not.toMatch(/<script|style="/i);
  });

  it("escapes a hostile page title, URL and error message instead of injecting them", async () => {
    const analysis = analyse(`<!doctype html><title>${HOSTILE}</title><body><h1>x</h1></body>`);
    const url = `https://evil.example/?q="><script>alert(2)</script>`;
    const id = await insertReport(caller, { url, finalUrl: `javascript:alert(3)//"'<b>`, analysis });
    const res = await call(`/reports/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("<script");
    expect(res.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.text).not.toContain('href="javascript:');
    expect(res.text).not.toContain("<b>");

    const failed = await insertReport(caller, { url, analysis: null, status: "failed", error: { code: "fetch_failed", message: HOSTILE } });
    const failedPage = await call(`/reports/${failed}`);
    expect(failedPage.text).not.toContain("<script");
    expect(failedPage.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it.each(["queued", "processing"] as const)("shows a %s report as progress that refreshes itself", async (status) => {
    const id = await insertReport(caller, { analysis: null, status });
    const res = await call(`/reports/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<meta http-equiv="refresh" content="5"/>');
    expect(res.text).toMatch(/Waiting for the analysis to start|Analysing the page/);
    expect(res.text).not.toContain("class=\"gauge\"");
  });

  it("shows a failed analysis in plain words with its code", async () => {
    const id = await insertReport(caller, {
      analysis: null,
      status: "failed",
      error: { code: "dns_failed", message: "The host name could not be resolved." },
    });
    const res = await call(`/reports/${id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain("The analysis failed");
    expect(res.text).toContain("The host name could not be resolved.");
    expect(res.text).toContain("<code>dns_failed</code>");
    expect(res.text).not.toContain('http-equiv="refresh"');
  });

  it("keeps showing the previous results with a note during a regeneration", async () => {
    const id = await insertReport(caller, { status: "queued" });
    const res = await call(`/reports/${id}`);
    expect(res.text).toContain("A new analysis is running. These are the previous results, from 2026-11-18 14:03 UTC");
    expect(res.text).toContain('class="gauge"');
    expect(res.text).toContain('http-equiv="refresh"');
  });

  it("keeps the previous results under the error when a regeneration failed", async () => {
    const id = await insertReport(caller, { status: "failed", error: { code: "timeout", message: "The page took longer than 15 seconds" } });
    const res = await call(`/reports/${id}`);
    expect(res.text).toContain("The latest analysis failed: The page took longer than 15 seconds.");
    expect(res.text).toContain('class="gauge"');
  });

  it("answers a private report with the very same 404 page as a missing one", async () => {
    const id = await insertReport(caller, { privacy: 1 });
    const privateRes = await call(`/reports/${id}`);
    const missing = await call(`/reports/${id + 100000}`);
    expect(privateRes.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(privateRes.text).toBe(missing.text);
    expect([...privateRes.headers].sort()).toEqual([...missing.headers].sort());
    expect(privateRes.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expectPageHeaders(privateRes.headers);
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999999999999"])("answers /reports/%s with the HTML 404 page", async (id) => {
    const res = await call(`/reports/${id}`);
    expect(res.status).toBe(404);
    expect(res.text).toContain("<h1>Page not found</h1>");
  });

  it("also answers a private report's unlock form with the 404 page", async () => {
    const id = await insertReport(caller, { privacy: 1 });
    const res = await call(`/reports/${id}/unlock`, { method: "POST", form: { password: "x" } });
    expect(res.status).toBe(404);
    expect(res.text).toContain("<h1>Page not found</h1>");
  });
});

describe("other pages", () => {
  it("GET / says what the service is and links the quick start and the OpenAPI document", async () => {
    const res = await call("/");
    expect(res.status).toBe(200);
    expectPageHeaders(res.headers);
    expect(res.text).toContain("README.md");
    expect(res.text).toContain('href="/api/v1/openapi.json"');
    expect(res.text).toContain('<meta name="description"');
  });

  it("answers an unknown page path with an HTML 404 and an unknown API path with the JSON 404", async () => {
    const page = await call("/no/such/page");
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expectPageHeaders(page.headers);
    const api = await call("/api/nothing-here");
    expect(api.status).toBe(404);
    expect(api.json).toEqual({ message: "Resource not found.", status: 404 });
  });

  it("shows head_valid with the element that ended the head, its line, the metadata it hid and the fix", async () => {
    const broken = `<!doctype html><html lang="en"><head><title>A fine page title here</title>
<iframe src="https://tags.example/ns"></iframe>
<meta name="description" content="A description that is long enough to pass the length check of the audit.">
</head><body><h1>Welcome</h1></body></html>`;
    const analysis = analyse(broken, "https://shop.example/broken-head");
    const id = await insertReport(await createCaller("report-page-head"), { url: "https://shop.example/broken-head", finalUrl: "https://shop.example/broken-head", analysis });
    const html = (await call(`/reports/${id}`)).text;
    const item = html.slice(html.indexOf('id="check-head_valid"'), html.indexOf("</li>", html.indexOf('id="check-head_valid"')));
    expect(item).toContain("mark-fail");
    expect(item).toContain("Nothing in the &lt;head&gt; ends it early");
    expect(item).toContain("element “iframe”, line 2");
    expect(item).toContain("hidden: “meta name=description”");
    expect(item).toContain("Move elements that belong in the body");
  });
});

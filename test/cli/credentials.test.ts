import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { basicCredentials } from "../server/login-routes";
import { requestsTo, type LoggedRequest } from "../helpers/request-log";
import { runCli } from "./run-cli";

const origin = inject("pageServer");
const otherHost = inject("otherHost");

// Each test's password or cookie is its own, so its requests can be told from every other test's in the shared log.
const secret = () => `sesame-cli-${randomUUID()}`;
const withPassword = (password: string) => (request: LoggedRequest) => basicCredentials(request.headers.authorization)?.password === password;

/** The page's http_status verdict: what the site answered the audit. */
async function statusOf(args: string[]) {
  const run = await runCli([...args, "--allow-private", "--format", "json"]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout).data[0].results.http_status;
}

describe("--basic and --header", () => {
  it("--basic opens a page behind HTTP Basic; without it the page answers 401", async () => {
    const page = `${origin}/login/basic/cli-${randomUUID()}`;
    expect(await statusOf(["audit", page, "--basic", `pagegrade:${secret()}`])).toMatchObject({ passed: true, value: 200 });
    expect(await statusOf(["audit", page])).toMatchObject({ passed: false, value: 401 });
  });

  it("--header sends a login cookie", async () => {
    const page = `${origin}/login/cookie/cli-${randomUUID()}`;
    expect(await statusOf(["audit", page, "--header", `Cookie: session=${secret()}`])).toMatchObject({ passed: true, value: 200 });
    expect(await statusOf(["audit", page, "--header", "Cookie: session=wrong"])).toMatchObject({ passed: false, value: 401 });
  });

  it("reach only the page's origin: a redirect to 127.0.0.2 arrives without them", async () => {
    const tag = `cli-redirect-${randomUUID()}`;
    const password = secret();
    const cookie = `x=${randomUUID()}`;
    const target = `${otherHost}/login/basic/${tag}`;
    const page = `${origin}/hostile/redirect?to=${encodeURIComponent(target)}&tag=${tag}`;
    const run = await runCli(["audit", page, "--allow-private", "--basic", `pagegrade:${password}`, "--header", `Cookie: ${cookie}`, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data[0]).toMatchObject({ final_url: target, results: { http_status: { value: 401 } } });
    // The report names what was sent, as the API's `auth` does, and never a value.
    expect(JSON.parse(run.stdout).data[0].auth).toEqual({ type: "headers", names: ["Cookie", "Authorization"] });
    expect(run.stdout).not.toContain(password);
    expect(run.stdout).not.toContain(cookie);

    const here = await requestsTo(origin, tag);
    expect(here).toHaveLength(1);
    expect(withPassword(password)(here[0]!)).toBe(true);
    expect(here[0]!.headers.cookie).toBe(cookie);
    const there = await requestsTo(otherHost, tag);
    expect(there).toHaveLength(1);
    expect(there[0]!.headers).not.toHaveProperty("authorization");
    expect(there[0]!.headers).not.toHaveProperty("cookie");
    // Nor robots.txt or the 404 probe of the other host: nothing it received carried them.
    const everything = await requestsTo(otherHost, "");
    expect(everything.filter(withPassword(password))).toEqual([]);
    expect(everything.filter((request) => request.headers.cookie === cookie)).toEqual([]);
  });

  it("crawl sends them to the start URL's origin only: its sitemaps and pages, never the other host's", async () => {
    const tag = `cli-crawl-${randomUUID()}`;
    const password = secret();
    const start = `${origin}/login/sitemaps/index.xml?other=${encodeURIComponent(otherHost)}&tag=${tag}`;
    const run = await runCli(["crawl", start, "--source", "sitemap", "--interval-ms", "0", "--allow-private", "--basic", `agency:${password}`, "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout);
    // The other host's page is listed but not crawled (another host); both pages of the origin opened with the login.
    expect(body.data.map((page: { url: string }) => page.url).sort()).toEqual([`${origin}/login/basic/one`, `${origin}/login/basic/two`]);
    for (const page of body.data) expect(page.results.http_status).toMatchObject({ passed: true, value: 200 });

    const sitemapsHere = await requestsTo(origin, tag);
    expect(sitemapsHere.length).toBeGreaterThanOrEqual(2);
    expect(sitemapsHere.every(withPassword(password))).toBe(true);
    expect((await requestsTo(origin, "/login/basic/")).filter(withPassword(password))).toHaveLength(2);
    expect((await requestsTo(origin, "/robots.txt")).filter(withPassword(password))).toHaveLength(1);
    const everythingThere = await requestsTo(otherHost, "");
    // Discovery keeps to the start URL's host: the other host's sitemap and page are counted as skipped, not fetched.
    expect(body.site.pages.skipped).toBeGreaterThan(0);
    expect(everythingThere.filter((request) => request.url.includes(tag))).toEqual([]);
    expect(everythingThere.filter(withPassword(password))).toEqual([]);
  });

  it.each([
    [["--header", "Host: example.com"], '--header "Host": the name must be Authorization, Cookie or a header starting with X-.'],
    [["--header", "X-Token"], '--header must be "Name: value", not "X-Token".'],
    [["--header", "X-A: 1", "--header", "x-a: 2"], "--header x-a is given twice."],
    [["--basic", "nobody"], "--basic must be user:password."],
    [["--basic", "a:b", "--header", "Authorization: Bearer x"], "--basic and --header Authorization both set Authorization: give one."],
    [[1, 2, 3, 4, 5, 6].flatMap((n) => ["--header", `X-N${n}: v`]), "At most 5 headers are sent (--basic counts as one), not 6."],
  ])("%j is a usage error", async (flags, message) => {
    const run = await runCli(["audit", `${origin}/fixtures/sample-page.html`, ...flags]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

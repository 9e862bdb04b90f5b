import type { IncomingMessage, ServerResponse } from "node:http";
import type { Route } from "./routes";

/**
 * A site behind a login, for the `auth` tests. The server's request log keeps every request's headers, so a test
 * asserts which requests carried Authorization or Cookie. A test makes its credentials unique (a password or a
 * cookie starting with `sesame-`) so its requests can be told from every other test's in the shared log.
 * - `/login/basic/<any>`: HTTP Basic, user `pagegrade` (or `agency`) with a password starting `sesame-`; else 401.
 * - `/login/cookie/<any>`: a `session` cookie starting `sesame-`; else 401.
 * - `/login/sitemaps/index.xml?other=<origin>&...`: Basic too; lists pages.xml here and on `other`, the query kept.
 * - `/login/sitemaps/pages.xml`: Basic too; two pages here and one on `other`.
 */

const USERS = new Set(["pagegrade", "agency"]);

export const loginPage = (title: string) =>
  [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${title}: the members' area of the staging site</title>`,
    '<meta name="description" content="A page behind a login, served by the test server only to requests that carry the right credentials.">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    "</head><body>",
    `<h1>${title}</h1><p>Only visitors who logged in see this page.</p>`,
    "</body></html>",
  ].join("");

/** The user and password of a Basic header, decoded as UTF-8; null when absent or malformed. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match) return null;
  const pair = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = pair.indexOf(":");
  return colon < 0 ? null : { username: pair.slice(0, colon), password: pair.slice(colon + 1) };
}

const basicOk = (req: IncomingMessage) => {
  const given = basicCredentials(req.headers.authorization);
  return given !== null && USERS.has(given.username) && given.password.startsWith("sesame-");
};

const cookieOk = (req: IncomingMessage) => /(?:^|;\s*)session=sesame-[^;]*/.test(req.headers.cookie ?? "");

function refuse(res: ServerResponse, challenge: string | null) {
  res.statusCode = 401;
  if (challenge) res.setHeader("www-authenticate", challenge);
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end("<!doctype html><title>Login required</title><h1>Login required</h1>");
}

const html = (res: ServerResponse, body: string) => {
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(body);
};

const xml = (res: ServerResponse, body: string) => {
  res.setHeader("content-type", "application/xml; charset=utf-8");
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function sitemaps(req: IncomingMessage, res: ServerResponse, path: string) {
  if (!basicOk(req)) return refuse(res, 'Basic realm="staging", charset="UTF-8"');
  const here = `http://${req.headers.host}`;
  const { searchParams, search: query } = new URL(req.url ?? "/", "http://x");
  // The children keep the query: a test tags its requests there.
  const other = searchParams.get("other") ?? here;
  if (path.endsWith("/index.xml")) {
    const children = [`${here}/login/sitemaps/pages.xml${query}`, `${other}/login/sitemaps/pages.xml${query}`];
    return xml(res, `<sitemapindex ${NS}>${children.map((loc) => `<sitemap><loc>${loc.replace(/&/g, "&amp;")}</loc></sitemap>`).join("")}</sitemapindex>`);
  }
  const pages = [`${here}/login/basic/one`, `${here}/login/basic/two`, `${other}/login/basic/elsewhere`];
  return xml(res, `<urlset ${NS}>${pages.map((loc) => `<url><loc>${loc}</loc></url>`).join("")}</urlset>`);
}

export const loginRoutes: [string, Route][] = [
  ["/login/basic/", (req, res, path) => (basicOk(req) ? html(res, loginPage(path)) : refuse(res, 'Basic realm="staging", charset="UTF-8"'))],
  ["/login/cookie/", (req, res, path) => (cookieOk(req) ? html(res, loginPage(path)) : refuse(res, null))],
  ["/login/sitemaps/", sitemaps],
];

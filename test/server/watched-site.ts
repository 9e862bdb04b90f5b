import type { Route } from "./routes";

/**
 * A site whose pages and robots.txt a test changes between audits (the change log's tests, docs/monitoring.md
 * "Changes and alerts"); it has its own origin so its robots.txt touches no other test.
 * - `/w/<name>`: a page; `/__set/<name>?title=&description=&h1=&canonical=&robots=&status=&redirect=` sets how it
 *   answers from now on (a parameter left out keeps its default). `redirect=x` sends `/w/<name>` on to `/w/<name>/x`,
 *   which serves the same page.
 * - `/robots.txt`: `/__robots?body=...&status=n` sets it (default: allow everything).
 */
interface PageState {
  title: string;
  description: string;
  h1: string;
  canonical: string | null;
  robots: string | null;
  status: number;
  redirect: string | null;
}

const defaults = (): PageState => ({
  title: "A watched page for the change log",
  description: "A page whose title, description and headings the tests change between two audits.",
  h1: "Watched page",
  canonical: null,
  robots: null,
  status: 200,
  redirect: null,
});

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

const body = (state: PageState) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(state.title)}</title>` +
  `<meta name="description" content="${escape(state.description)}">` +
  (state.canonical ? `<link rel="canonical" href="${escape(state.canonical)}">` : "") +
  (state.robots ? `<meta name="robots" content="${escape(state.robots)}">` : "") +
  `</head><body><h1>${escape(state.h1)}</h1><p>The same paragraph on every audit, so that only what the test changes changes.</p></body></html>`;

export function watchedSiteRoutes(): [string, Route][] {
  const pages = new Map<string, PageState>();
  const robots = { body: "User-agent: *\nDisallow: /private/\n", status: 200 };
  const stateOf = (name: string) => pages.get(name) ?? defaults();
  return [
    [
      "/robots.txt",
      (_req, res) => {
        res.statusCode = robots.status;
        res.setHeader("content-type", "text/plain");
        res.end(robots.body);
      },
    ],
    [
      "/__robots",
      (req, res) => {
        const params = new URL(req.url ?? "/", "http://x").searchParams;
        robots.body = params.get("body") ?? robots.body;
        robots.status = Number(params.get("status") ?? 200);
        res.end("ok");
      },
    ],
    [
      "/__set/",
      (req, res, path) => {
        const name = path.slice("/__set/".length);
        const params = new URL(req.url ?? "/", "http://x").searchParams;
        const state = defaults();
        for (const key of ["title", "description", "h1"] as const) state[key] = params.get(key) ?? state[key];
        state.canonical = params.get("canonical");
        state.robots = params.get("robots");
        state.redirect = params.get("redirect");
        state.status = Number(params.get("status") ?? 200);
        pages.set(name, state);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(state));
      },
    ],
    [
      "/w/",
      (_req, res, path) => {
        const [name, target] = path.slice("/w/".length).split("/");
        const state = stateOf(name ?? "");
        if (state.redirect && target === undefined) {
          res.statusCode = 302;
          res.setHeader("location", `/w/${name}/${state.redirect}`);
          return res.end();
        }
        res.statusCode = state.status;
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(body(state));
      },
    ],
  ];
}

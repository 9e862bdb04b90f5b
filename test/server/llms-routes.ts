import type { ServerResponse } from "node:http";
import type { Route } from "./routes";

/** A file that meets Lighthouse's rule and llmstxt.org's shape. */
export const goodLlmsTxt = [
  "# Pagegrade test site",
  "> Pages the tests audit: friendly ones and hostile ones.",
  "",
  "## Pages",
  "- [Sample page](/fixtures/sample-page.html): a friendly page",
  "- [Elsewhere](https://example.com/): another host",
  "",
].join("\n");

function text(res: ServerResponse, body: string | Buffer, status = 200, type = "text/plain; charset=utf-8") {
  res.statusCode = status;
  res.setHeader("content-type", type);
  res.end(body);
}

/**
 * llms.txt answers by name, for the fetch tests (`/llms/<name>` on the page server) and the Lighthouse comparison
 * (each served as `/llms.txt` of an origin of its own, since Lighthouse fetches it per origin).
 */
export const llmsVariants: Record<string, Route> = {
  good: (_req, res) => text(res, goodLlmsTxt),
  "too-short": (_req, res) => text(res, "# T\n[a](https://e.com)"),
  "no-h1": (_req, res) => text(res, "## Docs\nSee [the guide](https://example.com/guide) for everything you need to know.\n"),
  "no-link": (_req, res) => text(res, "# Example\n\nA site about widgets with nothing else to say, honestly, at all.\n"),
  "split-link": (_req, res) => text(res, "# Example\n\nSee [the guide\n](https://example.com/guide) for everything you need to know.\n"),
  "h1-late": (_req, res) => text(res, `Intro line first\n${goodLlmsTxt}`),
  empty: (_req, res) => text(res, ""),
  spa: (_req, res) => text(res, "<!doctype html><html><head><title>App</title></head><body><div id=app></div></body></html>", 200, "text/html"),
  "404": (_req, res) => text(res, "Not found", 404),
  "403": (_req, res) => text(res, "Forbidden", 403),
  "500": (_req, res) => text(res, "Server error", 500),
  "503": (_req, res) => text(res, "Unavailable", 503),
  // Past Lighthouse's (and our) 2 s limit.
  slow: (req, res) => {
    const timer = setTimeout(() => text(res, goodLlmsTxt), 3_000);
    req.socket.once("close", () => clearTimeout(timer));
  },
  "redirect-good": (_req, res) => {
    res.statusCode = 301;
    res.setHeader("location", "/llms/good");
    res.end();
  },
  "redirect-404": (_req, res) => {
    res.statusCode = 302;
    res.setHeader("location", "/llms/404");
    res.end();
  },
  // 2 MB: a good start, then filler past the 1 MB we read.
  huge: (_req, res) => text(res, goodLlmsTxt + "- [More](/more): filler line of the huge llms.txt file\n".repeat(40_000)),
};

export const llmsRoutes: [string, Route][] = [["/llms/", (req, res, path) => (llmsVariants[path.slice("/llms/".length)] ?? llmsVariants["404"]!)(req, res, path)]];

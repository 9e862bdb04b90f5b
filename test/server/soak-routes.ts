import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hostileRoutes } from "./hostile-routes";

const robotsRoute = hostileRoutes.find(([prefix]) => prefix === "/hostile/robots/")?.[1];

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A page on a site with a hostile robots.txt</title></head><body><h1>Robots</h1><p>${"Words on the page. ".repeat(60)}</p></body></html>`;

/**
 * A site of its own (its own origin, so its own /robots.txt) whose robots.txt is the hostile body `kind`
 * (`huge`: 2 MB, `binary`: bytes that are not text) and whose every other path is a plain HTML page.
 * The page server has one fixed robots.txt per origin, so a hostile one needs another origin.
 */
export async function startRobotsSite(kind: "huge" | "binary") {
  if (!robotsRoute) throw new Error("test/server/hostile-routes.ts has no /hostile/robots/ route");
  const server = createServer((req, res) => {
    if ((req.url ?? "/").split("?")[0] === "/robots.txt") return robotsRoute(req, res, `/hostile/robots/${kind}`);
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { generatePage } from "../../bench/pages";
import type { Route } from "./routes";

const MAX_BYTES = 6_000_000;
const built = new Map<number, Buffer>();

/**
 * `/large/<bytes>`: ordinary, dense article markup of about that many bytes (bench/pages.ts's generator), the
 * kind of page that fits the 5 MB fetch limit but not the parse budget. Built once per size.
 */
export const largePageRoutes: [string, Route][] = [
  ["/large/", (_req, res, path) => {
    const bytes = Math.min(MAX_BYTES, Number(path.slice("/large/".length)) || 0);
    const body = built.get(bytes) ?? built.set(bytes, Buffer.from(generatePage(bytes))).get(bytes)!;
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(body);
  }],
];

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

// Everything a format must escape: markup, quotes, pipes, a CDATA end, control characters, a lone surrogate.
export const nastyTitle = `Tom & "Jerry's" <b>|pipes|</b> ]]> \u0001\u001b[31m \uD800 end, long enough to fail the title check`;

/**
 * A page titled `nastyTitle` at a URL with `&`, `<`, `>` and `|` in it, served by a server of this test file for its
 * duration (the page server cannot write a lone surrogate). Returns the URL's getter: it is known once the server
 * listens.
 */
export function servesNastyPage(): () => string {
  let nasty: Server;
  let url = "";
  beforeAll(async () => {
    nasty = createServer((_req, res) => {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<!doctype html><html lang="en"><head><title>${nastyTitle}</title></head><body><h1>x</h1><img src="a.png"></body></html>`);
    });
    await new Promise<void>((resolve) => nasty.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(nasty.address() as AddressInfo).port}/page?a=1&b=<2>|(3)`;
  });
  afterAll(() => new Promise<void>((resolve) => nasty.close(() => resolve())));
  return () => url;
}

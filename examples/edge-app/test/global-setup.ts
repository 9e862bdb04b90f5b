import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An edge app's own page to audit</title>
<meta name="description" content="A small page served on 127.0.0.1 so the example audits something real, end to end.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><h1>Hello from the page server</h1><p>Some words about the page.</p><a href="/about">About</a></body></html>`;

/** A local page server: the Worker under test fetches this page through pagegrade's fetch layer. */
export default async function setup(project: TestProject) {
  const server = createServer((req, res) => {
    if (req.url === "/page") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(page);
    } else {
      res.statusCode = 404;
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("pageServer", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

declare module "vitest" {
  export interface ProvidedContext {
    pageServer: string;
  }
}

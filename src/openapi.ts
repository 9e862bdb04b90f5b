// The OpenAPI document the API serves: generated from the routes' own declarations (src/routes/*.ts), which
// validate the requests and name every answer; here only what belongs to the whole document is added.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { bookmarkParameter } from "./http/openapi-responses";

const info = {
  title: "Pagegrade SEO report API",
  version: "1.0.0",
  description: "Audits web pages for SEO: create a report for a URL, then read its score, result and the verdict of every check.",
  license: { name: "UNLICENSED", identifier: "LicenseRef-Proprietary" },
};

/** Every tag the routes use, declared once (Redocly wants every tag declared). */
const tags = [
  { name: "reports", description: "Audits of one page each." },
  { name: "projects", description: "The reports of one host, grouped." },
  { name: "history", description: "Every finished generation of a report, with what changed." },
  { name: "webhooks", description: "Signed webhooks (Standard Webhooks v1) instead of polling." },
  { name: "crawls", description: "Whole sites: many pages audited in one request, and the checks only a whole site shows." },
];

type Operation = { parameters?: unknown[] };
type Paths = Record<string, Record<string, Operation>>;

/** Every API operation reads the x-d1-bookmark header (src/http/d1-session.ts): a middleware, not a route's input. */
function withBookmarkParameter(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(Object.entries(operations).map(([method, op]) => [method, { ...op, parameters: [...(op.parameters ?? []), bookmarkParameter] }])),
    ]),
  );
}

const generated = new WeakMap<object, ReturnType<typeof generate>>();

function generate(api: OpenAPIHono<AppEnv>) {
  // No webhooks section: the API's webhooks are described in docs/, as payloads, not as operations.
  const { webhooks: _none, ...doc } = api.getOpenAPI31Document({ openapi: "3.1.0", info, security: [{ bearer: [] }], tags });
  return {
    ...doc,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "pg_... API key" } },
      ...doc.components,
    },
    paths: withBookmarkParameter(doc.paths as Paths),
  };
}

/** The document of `api` for a server at `serverUrl`; generated once per app, as the routes never change. */
export function openApiDocument(api: OpenAPIHono<AppEnv>, serverUrl: string) {
  let doc = generated.get(api);
  if (!doc) generated.set(api, (doc = generate(api)));
  const { openapi, info: docInfo, ...rest } = doc;
  return { openapi, info: docInfo, servers: [{ url: serverUrl }], ...rest };
}

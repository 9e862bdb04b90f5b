// The OpenAPI document the API serves: generated from the routes' own declarations (src/routes/*.ts), which
// validate the requests and name every answer; here only what belongs to the whole document is added.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./env";
import { bookmarkParameter, withMovingAnswer } from "./http/openapi-responses";

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

type Operation = { parameters?: unknown[]; responses: Parameters<typeof withMovingAnswer>[0] };
type Paths = Record<string, Record<string, Operation>>;

const writes = new Set(["post", "put", "patch", "delete"]);

/**
 * What the middlewares add to every operation: the x-d1-bookmark header it reads (src/http/d1-session.ts), and for a
 * write the 503 of a moving account (src/http/auth.ts).
 */
function withMiddlewareAnswers(paths: Paths): Paths {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, op]) => [
          method,
          { ...op, parameters: [...(op.parameters ?? []), bookmarkParameter], ...(writes.has(method) && { responses: withMovingAnswer(op.responses) }) },
        ]),
      ),
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
    paths: withMiddlewareAnswers(doc.paths as Paths),
  };
}

/** The document of `api` for a server at `serverUrl`; generated once per app, as the routes never change. */
export function openApiDocument(api: OpenAPIHono<AppEnv>, serverUrl: string) {
  let doc = generated.get(api);
  if (!doc) generated.set(api, (doc = generate(api)));
  const { openapi, info: docInfo, ...rest } = doc;
  return { openapi, info: docInfo, servers: [{ url: serverUrl }], ...rest };
}

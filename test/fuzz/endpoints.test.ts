import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, createCaller, seedReport, type Caller } from "../helpers/api";

/**
 * Whatever a client sends, the API answers a 2xx success or a 4xx error in the one JSON shape: never a 5xx,
 * never a stack trace. Each property uses a fresh key so its runs stay under the 240 a minute limit.
 */
const RUNS = { numRuns: 60 };

type Answer = Awaited<ReturnType<typeof call>>;

const STACK_TRACE = /Error:|\n\s*at |\bat [\w.<>$]+ \(|\.(?:ts|js):\d+:\d+/;
const ERROR_KEYS = new Set(["message", "status", "errors"]);

function expectCleanAnswer(res: Answer, sent: unknown) {
  const context = `${res.status} ${res.text.slice(0, 500)}\nfor ${JSON.stringify(sent)?.slice(0, 500)}`;
  expect(res.status, context).toBeGreaterThanOrEqual(200);
  expect(res.status, context).toBeLessThan(500);
  expect(res.headers.get("content-type"), context).toMatch(/^application\/json/);
  expect(res.json, context).not.toBeNull();
  if (res.status < 400) return;
  expect(typeof res.json.message, context).toBe("string");
  expect(res.json.message.length, context).toBeGreaterThan(0);
  expect(res.json.status, context).toBe(res.status);
  expect(Object.keys(res.json).filter((key) => !ERROR_KEYS.has(key)), context).toEqual([]);
  expect(res.text, context).not.toMatch(STACK_TRACE);
}

/** Strings a client might send by mistake or malice: unicode, control characters, numbers, huge ones. */
const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e3",
    "1.5",
    "99999999999999999999999",
    "null",
    "true",
    "[]",
    "{}",
    "NaN",
    "%",
    "_",
    "\\",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "\u0000",
    "\u202e\ufeff",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  ),
  fc.integer().map(String),
  fc.integer({ min: 256, max: 70_000 }).map((n) => "a".repeat(n)),
);

/** URLs the worker will accept and analyse: the local page server, so no fuzz run reaches the internet. */
const pageUrl = fc.string({ unit: "grapheme-ascii", maxLength: 30 }).map((path) => `${env.PAGE_SERVER}/fuzz/${encodeURIComponent(path)}`);
const urlish = fc.oneof(
  pageUrl,
  text,
  fc.constantFrom("http://", "https://[::1", "javascript:alert(1)", "ftp://example.com/", "http://user:pw@example.com/", "//x", "http://%zz/"),
);

const jsonValue = fc.oneof(text, fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(0, 1, 2, 3, -1, 1.5, true, false, null));

const fieldName = (known: string[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: fc.constantFrom("__proto__", "constructor", `${known[0]}[]`), weight: 1 }, { arbitrary: fc.string({ maxLength: 10 }), weight: 1 });

/** Name/value pairs, duplicates allowed: what a form or a query string can carry. */
const pairs = (known: string[], value: fc.Arbitrary<string>) => fc.array(fc.tuple(fieldName(known), value), { maxLength: 6 });

interface SentBody {
  kind: string;
  body?: BodyInit;
  headers: Record<string, string>;
}

// workerd cannot serialise a multipart field name ending in a backslash (the Request constructor throws before
// anything is sent), so no client can send one: such names get a trailing "_" instead of failing the test itself.
const sendableName = (name: string) => (name.endsWith("\\") ? `${name}_` : name);

const asFormData = (entries: [string, string][], fileField: string | null) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(sendableName(name), value);
  if (fileField) form.append(sendableName(fileField), new Blob(["<html>not a string</html>"], { type: "text/html" }), "page.html");
  return form;
};

/** The same fields as a form, JSON or multipart: each encoding the API accepts. */
const encoded = (fields: fc.Arbitrary<Record<string, string | number | boolean | null>>) =>
  fc.tuple(fields, fc.constantFrom("form", "json", "multipart")).map(([object, kind]): SentBody => {
    const entries = Object.entries(object).map(([k, v]): [string, string] => [k, String(v)]);
    if (kind === "json") return { kind, body: JSON.stringify(object), headers: { "Content-Type": "application/json" } };
    if (kind === "multipart") return { kind, body: asFormData(entries, null), headers: {} };
    return { kind, body: new URLSearchParams(entries), headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  });

/** Plausible values: good ones and near misses, so success paths (201, 200, 202) are fuzzed as well as refusals. */
const privacyValue = fc.constantFrom<string | number | boolean | null>(0, 1, 2, "0", "1", "2", 3, "02", " 1", -0, 1.0, true, null);
const passwordValue = fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }), fc.constantFrom("", "x".repeat(129)));
const plausible = (known: string[]) =>
  fc.record(
    {
      ...(known.includes("url") && { url: fc.oneof({ arbitrary: pageUrl, weight: 4 }, { arbitrary: urlish, weight: 1 }) }),
      privacy: privacyValue,
      password: passwordValue,
      ...(known.includes("update") && { update: fc.constantFrom<string | number>(0, 1, "1", "0", 2, "yes") }),
    },
    { requiredKeys: known.includes("url") ? ["url"] : [] },
  );

/** A write body: plausible fields in any accepted encoding, or JSON, form, multipart and raw bytes of any shape. */
const writeBody = (known: string[]) => {
  const stringValue = known.includes("url") ? fc.oneof(urlish, text) : text;
  return fc.oneof(
    { arbitrary: encoded(plausible(known)), weight: 6 },
    pairs(known, stringValue).map((entries): SentBody => ({
      kind: "form",
      body: new URLSearchParams(entries),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    })),
    fc
      .dictionary(fieldName(known), fc.oneof(jsonValue, urlish), { maxKeys: 5 })
      .map((object): SentBody => ({ kind: "json", body: JSON.stringify(object), headers: { "Content-Type": "application/json" } })),
    fc
      .tuple(fc.oneof(jsonValue, fc.array(jsonValue, { maxLength: 3 })), fc.constantFrom("application/json", "application/ld+json", "APPLICATION/JSON; charset=utf-8"))
      .map(([value, type]): SentBody => ({ kind: "json-not-object", body: JSON.stringify(value), headers: { "Content-Type": type } })),
    fc
      .tuple(pairs(known, stringValue), fc.option(fc.constantFrom(...known)))
      .map(([entries, fileField]): SentBody => ({ kind: "multipart", body: asFormData(entries, fileField), headers: {} })),
    fc
      .tuple(
        text,
        fc.constantFrom(
          "application/json",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=zzz",
          "text/plain",
          "text/html",
          "application/xml",
          "application/octet-stream",
          ";;;",
          "",
        ),
      )
      .map(([raw, type]): SentBody => ({ kind: `raw ${type}`, body: raw, headers: type ? { "Content-Type": type } : {} })),
    fc.constant<SentBody>({ kind: "empty", headers: {} }),
  );
};

/** Valid list parameters and near misses, each present or not. */
const listValues: Record<string, fc.Arbitrary<string>> = {
  page: fc.constantFrom("1", "2", "999999999", "0", "1.5"),
  per_page: fc.constantFrom("10", "25", "50", "100", "7"),
  sort: fc.constantFrom("asc", "desc", "ASC"),
  sort_by: fc.constantFrom("id", "generated_at", "url", "score", "created_at", "project"),
  search: fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: "grapheme", maxLength: 10 }), fc.constantFrom("%", "_", "\\", "'")),
  search_by: fc.constantFrom("url", "project"),
  project: fc.oneof(fc.string({ maxLength: 20 }), fc.constant("example.com")),
  result: fc.constantFrom("good", "decent", "bad", "great"),
};

const queryString = (known: string[]) =>
  fc
    .oneof(
      fc.record(Object.fromEntries(known.map((name) => [name, listValues[name]!])), { requiredKeys: [] }).map((o) =>
        Object.entries(o).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      pairs(known, text),
    )
    .map((entries) => (entries.length ? `?${new URLSearchParams(entries)}` : ""));

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes out as the raw bytes of one. */
const encodeSegment = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, ""))}%ED%A0%80`;
  }
};

/** A path segment that may or may not name a resource: ids, huge numbers, unicode, dots, encoded slashes. */
const segment = (valid: fc.Arbitrary<string>) =>
  fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: fc.constantFrom("0", "-1", "1.0", "1e3", "0x10", "99999999999999999999", "9007199254740993", "%2F", "..", ".", "%00", "%E0%A4%A"), weight: 1 },
    { arbitrary: text.filter((s) => s.length > 0 && s.length < 2000).map(encodeSegment), weight: 1 },
  );

const listReportFields = ["page", "per_page", "sort", "sort_by", "search", "search_by", "project", "result"];
const listProjectFields = ["page", "per_page", "sort", "sort_by", "search", "search_by"];

describe("every endpoint answers hostile input with a 4xx JSON error or a success, never a 5xx", () => {
  const runWith = async <T,>(arbitrary: fc.Arbitrary<T>, send: (caller: Caller, input: T) => Promise<Answer>, given?: Caller) => {
    const caller = given ?? (await createCaller("fuzz"));
    await fc.assert(
      fc.asyncProperty(arbitrary, async (input) => expectCleanAnswer(await send(caller, input), input)),
      RUNS,
    );
  };

  it("GET /api/v1/reports with random, duplicate, huge and unicode query parameters", async () => {
    await runWith(queryString(listReportFields), (caller, query) => call(`/api/v1/reports${query}`, { key: caller.key }));
  });

  it("GET /api/v1/projects with random query parameters", async () => {
    await runWith(queryString(listProjectFields), (caller, query) => call(`/api/v1/projects${query}`, { key: caller.key }));
  });

  it("POST /api/v1/reports with JSON, form, multipart and raw bodies of any shape", async () => {
    await runWith(writeBody(["url", "privacy", "password"]), (caller, sent) =>
      call("/api/v1/reports", { method: "POST", key: caller.key, body: sent.body, headers: sent.headers }),
    );
  });

  it("GET /api/v1/reports/{id} with any id", async () => {
    const caller = await createCaller("fuzz-show");
    const own = String(await seedReport(caller, `${env.PAGE_SERVER}/fuzz/show`, { score: 70 }));
    const stranger = String(await seedReport(await createCaller("fuzz-stranger"), `${env.PAGE_SERVER}/fuzz/theirs`));
    await runWith(segment(fc.constantFrom(own, stranger)), (c, id) => call(`/api/v1/reports/${id}`, { key: c.key }), caller);
  });

  it.each(["PUT", "PATCH"])("%s /api/v1/reports/{id} with any id and any body", async (method) => {
    const caller = await createCaller(`fuzz-${method}`);
    const own = String(await seedReport(caller, `${env.PAGE_SERVER}/fuzz/update`, { score: 70 }));
    const input = fc.tuple(segment(fc.constant(own)), writeBody(["privacy", "password", "update"]));
    await fc.assert(
      fc.asyncProperty(input, async ([id, sent]) => {
        const res = await call(`/api/v1/reports/${id}`, { method, key: caller.key, body: sent.body, headers: sent.headers });
        expectCleanAnswer(res, { id, sent });
      }),
      RUNS,
    );
  });

  it("DELETE /api/v1/reports/{id} with any id", async () => {
    const caller = await createCaller("fuzz-delete");
    const ids = await Promise.all([1, 2, 3].map((n) => seedReport(caller, `${env.PAGE_SERVER}/fuzz/delete/${n}`)));
    const input = segment(fc.constantFrom(...ids.map(String)));
    await fc.assert(
      fc.asyncProperty(input, async (id) => expectCleanAnswer(await call(`/api/v1/reports/${id}`, { method: "DELETE", key: caller.key }), id)),
      RUNS,
    );
  });

  it("DELETE /api/v1/projects/{project} with any project name", async () => {
    const caller = await createCaller("fuzz-delete-project");
    await seedReport(caller, "https://fuzz-project.example/");
    const input = segment(fc.constantFrom("fuzz-project.example", "FUZZ-PROJECT.EXAMPLE", "www.fuzz-project.example"));
    await fc.assert(
      fc.asyncProperty(input, async (name) =>
        expectCleanAnswer(await call(`/api/v1/projects/${name}`, { method: "DELETE", key: caller.key }), name),
      ),
      RUNS,
    );
  });
});

/** Header values a client can actually send (no CR/LF/NUL, Latin-1 only), however odd. */
const headerValue = fc
  .oneof(
    fc.string({ unit: "binary-ascii", maxLength: 200 }),
    fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
    fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((s) => `Bearer pg_${s}`),
    fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/).map((s) => `bearer   pg_${s}  `),
    fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer pg_", "Bearer pg_ pg_", "Token abc", "Bearer\tpg_x"),
    fc.integer({ min: 1000, max: 20_000 }).map((n) => `Bearer pg_${"A".repeat(n)}`),
  )
  .filter((value) => {
    try {
      new Headers({ authorization: value });
      return true;
    } catch {
      return false;
    }
  });

const endpoints: [string, string][] = [
  ["GET", "/api/v1/reports"],
  ["POST", "/api/v1/reports"],
  ["GET", "/api/v1/reports/1"],
  ["PUT", "/api/v1/reports/1"],
  ["PATCH", "/api/v1/reports/1"],
  ["DELETE", "/api/v1/reports/1"],
  ["GET", "/api/v1/projects"],
  ["DELETE", "/api/v1/projects/example.com"],
];

describe("garbage Authorization headers", () => {
  it("are always the JSON 401 with WWW-Authenticate, on every endpoint", async () => {
    const input = fc.tuple(fc.constantFrom(...endpoints), headerValue);
    await fc.assert(
      fc.asyncProperty(input, async ([[method, path], authorization]) => {
        const res = await call(path, { method, headers: { Authorization: authorization }, form: method === "GET" || method === "DELETE" ? undefined : { url: "https://example.com/" } });
        expectCleanAnswer(res, { method, path, authorization });
        expect(res.status, `${method} ${path} with ${JSON.stringify(authorization)}`).toBe(401);
        expect(res.json).toEqual({ message: "Unauthenticated.", status: 401 });
        expect(res.headers.get("www-authenticate")).toBe("Bearer");
      }),
      { numRuns: 200 },
    );
  });
});

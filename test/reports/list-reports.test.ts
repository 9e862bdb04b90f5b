import { beforeAll, describe, expect, it } from "vitest";
import { BASE, call, createCaller, seedReport, type Caller } from "../helpers/api";

const ids = (res: { json: any }) => res.json.data.map((r: { id: number }) => r.id);

describe("GET /api/v1/reports pagination", () => {
  let caller: Caller;
  let all: number[];
  beforeAll(async () => {
    caller = await createCaller("pages");
    all = [];
    for (let i = 0; i < 25; i++) all.push(await seedReport(caller, `https://pages.example/${String(i).padStart(2, "0")}`, { score: i * 4 }));
  });

  it("answers an empty account with an empty page and correct meta", async () => {
    const empty = await createCaller("empty");
    const res = await call("/api/v1/reports", { key: empty.key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: [],
      links: { first: `${BASE}/api/v1/reports?page=1`, last: `${BASE}/api/v1/reports?page=1`, prev: null, next: null },
      meta: { current_page: 1, from: null, last_page: 1, path: `${BASE}/api/v1/reports`, per_page: 10, to: null, total: 0 },
      status: 200,
    });
  });

  it("pages by 10 by default, newest first, with absolute links that keep the query", async () => {
    const res = await call("/api/v1/reports?search=pages&page=2", { key: caller.key });
    expect(ids(res)).toEqual([...all].reverse().slice(10, 20));
    expect(res.json.meta).toEqual({ current_page: 2, from: 11, last_page: 3, path: `${BASE}/api/v1/reports`, per_page: 10, to: 20, total: 25 });
    expect(res.json.links).toEqual({
      first: `${BASE}/api/v1/reports?search=pages&page=1`,
      last: `${BASE}/api/v1/reports?search=pages&page=3`,
      prev: `${BASE}/api/v1/reports?search=pages&page=1`,
      next: `${BASE}/api/v1/reports?search=pages&page=3`,
    });
  });

  it("answers a page past the end with empty data and correct meta", async () => {
    const res = await call("/api/v1/reports?page=9", { key: caller.key });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
    expect(res.json.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 3, total: 25 });
    expect(res.json.links.next).toBeNull();
    expect(res.json.links.prev).toBe(`${BASE}/api/v1/reports?page=3`);
  });

  it("handles exact multiples and per_page 25, 50 and 100", async () => {
    const res = await call("/api/v1/reports?per_page=25", { key: caller.key });
    expect(res.json.data).toHaveLength(25);
    expect(res.json.meta).toMatchObject({ last_page: 1, to: 25, per_page: 25 });
    expect(res.json.links.next).toBeNull();
    for (const perPage of [50, 100]) {
      const r = await call(`/api/v1/reports?per_page=${perPage}`, { key: caller.key });
      expect(r.json.meta).toMatchObject({ per_page: perPage, last_page: 1, total: 25 });
    }
  });

  it.each([
    ["per_page=7", "per_page", "The per_page field must be one of 10, 25, 50, 100."],
    ["per_page=1000", "per_page", "The per_page field must be one of 10, 25, 50, 100."],
    ["sort_by=name", "sort_by", "The sort_by field must be one of id, generated_at, url, score."],
    ["sort=up", "sort", "The sort field must be one of desc, asc."],
    ["search_by=project", "search_by", "The search_by field must be one of url."],
    ["result=great", "result", "The result field must be one of good, decent, bad."],
    ["page=0", "page", "The page field must be an integer of at least 1."],
    ["page=abc", "page", "The page field must be an integer of at least 1."],
    ["per_page=10&per_page=25", "per_page", "The per_page field must be one of 10, 25, 50, 100."],
  ])("rejects %s with 422 naming the allowed values", async (query, field, message) => {
    const res = await call(`/api/v1/reports?${query}`, { key: caller.key });
    expect(res.status, res.text).toBe(422);
    expect(res.json).toEqual({ message, errors: { [field]: [message] }, status: 422 });
  });
});

describe("GET /api/v1/reports sorting, search and filters", () => {
  let caller: Caller;
  const r: Record<string, number> = {};
  beforeAll(async () => {
    caller = await createCaller("sorts");
    // Ties on score and generated_at, and reports without either, to check tie-breaks and NULLS LAST.
    r.a = await seedReport(caller, "https://b.sort.example/x", { score: 90, generatedAt: "2026-03-01T00:00:00.000Z" });
    r.b = await seedReport(caller, "https://a.sort.example/100%_off", { score: 50, generatedAt: "2026-01-01T00:00:00.000Z" });
    r.c = await seedReport(caller, "https://c.sort.example/ABC", { score: 90, generatedAt: "2026-03-01T00:00:00.000Z" });
    r.d = await seedReport(caller, "https://d.sort.example/", { score: null, generatedAt: null });
    r.e = await seedReport(caller, "https://e.sort.example/100x", { score: 49, generatedAt: "2026-02-01T00:00:00.000Z" });
    r.f = await seedReport(caller, "https://f.sort.example/", { score: 80, generatedAt: "2026-02-01T00:00:00.000Z" });
  });
  const list = async (query: string) => ids(await call(`/api/v1/reports?per_page=100&${query}`, { key: caller.key }));

  it.each([
    ["sort_by=id&sort=desc", ["f", "e", "d", "c", "b", "a"]],
    ["sort_by=id&sort=asc", ["a", "b", "c", "d", "e", "f"]],
    ["sort_by=score&sort=desc", ["c", "a", "f", "b", "e", "d"]],
    ["sort_by=score&sort=asc", ["e", "b", "f", "a", "c", "d"]],
    ["sort_by=generated_at&sort=desc", ["c", "a", "f", "e", "b", "d"]],
    ["sort_by=generated_at&sort=asc", ["b", "e", "f", "a", "c", "d"]],
    ["sort_by=url&sort=asc", ["b", "a", "c", "d", "e", "f"]],
    ["sort_by=url&sort=desc", ["f", "e", "d", "c", "a", "b"]],
  ])("orders %s with ties broken by id and unscored reports last", async (query, expected) => {
    expect(await list(query)).toEqual(expected.map((k) => r[k]));
  });

  it("searches urls case-insensitively, with % and _ matching themselves", async () => {
    expect(await list("search=abc")).toEqual([r.c]);
    expect(await list("search=ABC")).toEqual([r.c]);
    expect(await list("search=100%25")).toEqual([r.b]);
    expect(await list("search=%25")).toEqual([r.b]);
    expect(await list("search=_")).toEqual([r.b]);
    expect(await list("search=100")).toEqual([r.e, r.b]);
    expect(await list("search=zzz")).toEqual([]);
  });

  it("filters by result with each result's score range", async () => {
    expect(await list("result=good")).toEqual([r.f, r.c, r.a]);
    expect(await list("result=decent")).toEqual([r.b]);
    expect(await list("result=bad")).toEqual([r.e]);
  });

  it("filters by exact project name and combines every filter", async () => {
    expect(await list("project=c.sort.example")).toEqual([r.c]);
    expect(await list("project=sort.example")).toEqual([]);
    expect(await list("project=nope.example")).toEqual([]);
    expect(await list("search=sort&result=good&sort_by=score&sort=asc")).toEqual([r.f, r.a, r.c]);
    expect(await list("project=b.sort.example&result=good&search=X")).toEqual([r.a]);
    expect(await list("project=b.sort.example&result=bad")).toEqual([]);
  });
});

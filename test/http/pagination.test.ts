import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { listEnvelope, offsetOf } from "../../src/http/pagination";

const app = new Hono().get("/items", (c) => {
  const page = Number(c.req.query("page") ?? 1);
  const perPage = Number(c.req.query("per_page") ?? 10);
  const total = Number(c.req.query("total"));
  const data = Array.from({ length: Math.max(0, Math.min(perPage, total - offsetOf({ page, perPage }))) }, (_, i) => i);
  return c.json(listEnvelope(c, data, total, { page, perPage }));
});
const list = async (query: string) => (await app.request(`https://api.example/items?${query}`)).json<any>();

describe("the list envelope", () => {
  it("links first, last, prev and next with every query parameter kept, and says which rows it holds", async () => {
    const body = await list("total=25&per_page=10&page=2&search=a%20b");
    expect(body.links).toEqual({
      first: "https://api.example/items?total=25&per_page=10&page=1&search=a+b",
      last: "https://api.example/items?total=25&per_page=10&page=3&search=a+b",
      prev: "https://api.example/items?total=25&per_page=10&page=1&search=a+b",
      next: "https://api.example/items?total=25&per_page=10&page=3&search=a+b",
    });
    expect(body.meta).toEqual({ current_page: 2, from: 11, last_page: 3, path: "https://api.example/items", per_page: 10, to: 20, total: 25 });
    expect(body.status).toBe(200);
  });

  it("has no prev on the first page, no next on the last, and a last page of 1 when empty", async () => {
    const empty = await list("total=0");
    expect(empty.links.prev).toBeNull();
    expect(empty.links.next).toBeNull();
    expect(empty.meta).toMatchObject({ from: null, to: null, last_page: 1, total: 0 });
  });

  it("points prev at the last page from a page past the end", async () => {
    const past = await list("total=25&per_page=10&page=7");
    expect(past.data).toEqual([]);
    expect(past.links.prev).toBe("https://api.example/items?total=25&per_page=10&page=3");
    expect(past.links.next).toBeNull();
  });
});

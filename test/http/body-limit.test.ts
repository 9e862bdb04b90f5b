import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { limitBody } from "../../src/http/body-limit";
import { renderError } from "../../src/http/errors";

const app = new Hono().post("/", limitBody, async (c) => c.text(String((await c.req.text()).length))).onError(renderError);
const post = (size: number) => app.request("/", { method: "POST", body: "x".repeat(size), headers: { "Content-Type": "text/plain" } });

describe("the request body limit", () => {
  it("reads a body of up to 64 KiB", async () => {
    const res = await post(64 * 1024);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(String(64 * 1024));
  });

  it("answers a larger one 413 in the one error shape", async () => {
    const res = await post(64 * 1024 + 1);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "The request body is larger than 64 KiB.", status: 413 });
  });
});

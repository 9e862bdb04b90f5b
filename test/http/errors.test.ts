import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it, vi } from "vitest";
import { ApiError, errorBody, notFound, renderError } from "../../src/http/errors";

const app = new Hono()
  .get("/api-error", () => {
    throw new ApiError(422, "The url field is required.", { url: ["The url field is required."] }, { "X-Why": "test" });
  })
  .get("/not-found", () => notFound())
  .get("/bad-json", () => {
    throw new HTTPException(400, { message: "Malformed JSON in request body: Unexpected token" });
  })
  .get("/too-large", () => {
    throw new HTTPException(413);
  })
  .get("/own-answer", () => {
    throw new HTTPException(406, { res: new Response("not acceptable", { status: 406 }) });
  })
  .get("/crash", () => {
    throw new Error("secret internals");
  })
  .onError(renderError);
const get = async (path: string) => {
  const res = await app.request(path);
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe("the one error shape", () => {
  it("answers an ApiError with its status, message, field errors and headers", async () => {
    const res = await get("/api-error");
    expect(res.status).toBe(422);
    expect(JSON.parse(res.text)).toEqual({ message: "The url field is required.", errors: { url: ["The url field is required."] }, status: 422 });
    expect(res.headers.get("X-Why")).toBe("test");
    expect(JSON.parse((await get("/not-found")).text)).toEqual({ message: "Resource not found.", status: 404 });
  });

  it("says what a parser's exception broke in one plain sentence", async () => {
    expect(JSON.parse((await get("/bad-json")).text)).toEqual({ message: "Malformed JSON in request body", status: 400 });
    expect(JSON.parse((await get("/too-large")).text)).toEqual({ message: "The request body is larger than 64 KiB.", status: 413 });
    const own = await get("/own-answer");
    expect([own.status, own.text]).toEqual([406, "not acceptable"]);
  });

  it("answers anything else with a 500 that shows nothing of the error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await get("/crash");
    logged.mockRestore();
    expect(res.status).toBe(500);
    expect(res.text).not.toContain("secret internals");
    expect(JSON.parse(res.text)).toEqual({ message: "Something went wrong on our side. Please try again.", status: 500 });
    expect(errorBody(409, "x")).toEqual({ message: "x", status: 409 });
  });
});

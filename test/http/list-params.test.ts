import { describe, expect, it } from "vitest";
import { z } from "zod";
import { likeContains, listParams, oneOf } from "../../src/http/list-params";

const query = z.object(listParams);

describe("a list's query parameters", () => {
  it("default to the newest first, 10 a page, page 1", () => {
    expect(query.parse({})).toEqual({ sort: "desc", per_page: 10, page: 1 });
    expect(query.parse({ sort: "asc", per_page: "100", page: "3", search: "x" })).toEqual({ sort: "asc", per_page: 100, page: 3, search: "x" });
  });

  it("name the allowed values or the rule in each refusal", () => {
    const messages = (input: Record<string, unknown>) => query.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ per_page: "20" })).toEqual(["The per_page field must be one of 10, 25, 50, 100."]);
    expect(messages({ page: "0" })).toEqual(["The page field must be an integer of at least 1."]);
    expect(messages({ page: "1e3" })).toEqual(["The page field must be an integer of at least 1."]);
    expect(messages({ sort: "up" })).toEqual(["The sort field must be one of desc, asc."]);
    expect(messages({ search: "s".repeat(256) })).toEqual(["The search field must be at most 255 characters."]);
    expect(oneOf("format", ["json", "csv"]).safeParse("xml").error?.issues[0]?.message).toBe("The format field must be one of json, csv.");
  });

  it("search for % and _ literally: escaped for LIKE ... ESCAPE '\\'", () => {
    expect(likeContains("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(likeContains("plain")).toBe("%plain%");
  });
});

import { describe, expect, it } from "vitest";
import { idOf, page, pageFields, perPage, rate, render } from "../../src/mcp/arguments";

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the tools' shared arguments", () => {
  it("take an id as a positive integer, with the API's sentence otherwise", () => {
    expect(idOf("report").parse(12)).toBe(12);
    for (const bad of [0, -1, 1.5, "12"]) {
      expect(messageOf(idOf("crawl").safeParse(bad)), String(bad)).toBe("The id field must be the id of a crawl: a positive integer.");
    }
  });

  it("default page to 1 and per_page to 10, taking only the API's page sizes", () => {
    expect(page.parse(undefined)).toBe(1);
    expect(messageOf(page.safeParse(0))).toBe("The page field must be an integer of at least 1.");
    expect(perPage.parse(undefined)).toBe(10);
    expect(perPage.parse(50)).toBe(50);
    expect(messageOf(perPage.safeParse(7))).toBe("The per_page field must be one of 10, 25, 50, 100.");
  });

  it("take render and rate as numbers only, with their defaults", () => {
    expect(render.parse(undefined)).toBe(0);
    expect(render.parse(1)).toBe(1);
    expect(messageOf(render.safeParse("1"))).toBe("The render field must be one of 0, 1.");
    expect(rate.parse(undefined)).toBe(1);
    expect(rate.parse(8)).toBe(8);
    expect(messageOf(rate.safeParse(9))).toBe("The rate field must be one of 1, 2, 3, 4, 5, 6, 7, 8.");
  });

  it("give a list's page fields, one last page even when empty", () => {
    expect(pageFields(0, { page: 1, perPage: 10 })).toEqual({ total: 0, page: 1, per_page: 10, last_page: 1 });
    expect(pageFields(101, { page: 3, perPage: 25 })).toEqual({ total: 101, page: 3, per_page: 25, last_page: 5 });
  });
});

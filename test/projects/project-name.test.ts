import { describe, expect, it } from "vitest";
import { projectNameFor } from "../../src/projects/project-name";

describe("a report's project name", () => {
  it("is its host, lower-cased, without port or a leading www.", () => {
    expect(projectNameFor(new URL("https://WWW.Example.COM:8443/path?q=1"))).toBe("example.com");
    expect(projectNameFor(new URL("http://blog.example.com/"))).toBe("blog.example.com");
    expect(projectNameFor(new URL("http://127.0.0.1:8080/"))).toBe("127.0.0.1");
  });

  it("keeps a www that is not the leading label", () => {
    expect(projectNameFor(new URL("https://www2.example.com/"))).toBe("www2.example.com");
    expect(projectNameFor(new URL("https://shop.www.example.com/"))).toBe("shop.www.example.com");
  });
});

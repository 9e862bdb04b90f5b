import { describe, expect, it } from "vitest";
import { crawlDelaySeconds, MAX_CRAWL_DELAY_SECONDS, robotsPolicy } from "../../../src/site/discovery/robots-rules";

const robots = (status: number, body: string | null) => ({ url: "https://example.com/robots.txt", status, body });

describe("crawlDelaySeconds", () => {
  it("reads our group's Crawl-delay, else the * group's, capped", () => {
    expect(crawlDelaySeconds("User-agent: *\nCrawl-delay: 2\n\nUser-agent: PagegradeBot\nCrawl-delay: 5")).toBe(5);
    expect(crawlDelaySeconds("User-agent: otherbot\nCrawl-delay: 9\n\nUser-agent: *\nCrawl-delay: 1.5")).toBe(1.5);
    expect(crawlDelaySeconds("User-agent: *\nCrawl-delay: 3600")).toBe(MAX_CRAWL_DELAY_SECONDS);
  });

  it("is 0 without robots.txt, without a delay, or with one that is not a positive number", () => {
    expect(crawlDelaySeconds(null)).toBe(0);
    expect(crawlDelaySeconds("User-agent: *\nDisallow: /x")).toBe(0);
    expect(crawlDelaySeconds("User-agent: *\nCrawl-delay: soon")).toBe(0);
    expect(crawlDelaySeconds("User-agent: *\nCrawl-delay: -4")).toBe(0);
  });

  it("starts a new group at a User-agent line after rules", () => {
    expect(crawlDelaySeconds("User-agent: pagegradebot\nDisallow: /a\nUser-agent: *\nCrawl-delay: 7")).toBe(7);
  });
});

describe("robotsPolicy", () => {
  it("applies our group's rules to the path and query", () => {
    const allowed = robotsPolicy(robots(200, "User-agent: pagegradebot\nDisallow: /private\nDisallow: /*?print"));
    expect(allowed("https://example.com/public")).toBe(true);
    expect(allowed("https://example.com/private/x")).toBe(false);
    expect(allowed("https://example.com/page?print=1")).toBe(false);
  });

  it("allows everything when robots.txt is missing, and nothing when it is unreachable", () => {
    expect(robotsPolicy(robots(404, null))("https://example.com/x")).toBe(true);
    expect(robotsPolicy(robots(503, null))("https://example.com/x")).toBe(false);
  });
});

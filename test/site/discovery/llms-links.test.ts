import { describe, expect, it } from "vitest";
import { llmsListed, llmsView } from "../../../src/site/discovery/llms-links";

const llms = (sameHost: string[], sameHostCount = sameHost.length) => ({ digest: { sameHost, sameHostCount } }) as never;

describe("llmsListed and llmsView", () => {
  it("list llms.txt's same-host URLs normalised as the crawl's pages, once each", () => {
    expect(llmsListed(llms(["https://A.example/docs#intro", "https://a.example/docs", "https://a.example/api"]))).toEqual(["https://a.example/docs", "https://a.example/api"]);
    expect(llmsListed(undefined)).toEqual([]);
  });

  it("give the site check its view: the listed URLs, how many there were, and the answers discovery got", () => {
    const answers = [{ url: "https://a.example/api", status: 404, redirects: 0 }];
    expect(llmsView({ robots: null, llms: llms(["https://a.example/api"], 140), llmsLinks: answers } as never)).toEqual({ listed: ["https://a.example/api"], listedCount: 140, answers });
    expect(llmsView({ robots: null, llms: llms(["https://a.example/api"]) } as never)?.answers).toEqual([]);
    expect(llmsView({ robots: null, llms: { digest: null } } as never)).toBeNull();
    expect(llmsView(null)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { aiCrawlersCheck } from "../../../src/analysis/checks/ai-crawlers";
import { makePage } from "../../helpers/page";

const run = (body: string | null, status = 200, url = "https://example.com/blog/post") =>
  aiCrawlersCheck.run(makePage("<p>x</p>", { url, robots: { status, body } }));

const blockedAgents = (v: ReturnType<typeof run>) => ((v.errors?.ai_blocked ?? []) as { agent: string }[]).map((b) => b.agent);

describe("ai_crawlers check", () => {
  it("is not applicable without robots.txt or when it cannot be read", () => {
    expect(run(null, 404)).toMatchObject({ passed: true, applicable: false });
    expect(run(null, 503)).toMatchObject({ passed: true, applicable: false });
  });

  it("judges the crawlers its settings name (AI_*_CRAWLERS): a new search crawler blocked fails, a dropped one is not read", () => {
    const robots = "User-agent: NewAnswerBot\nDisallow: /\n\nUser-agent: PerplexityBot\nDisallow: /\n";
    const settings = { aiCrawlers: { search: ["NewAnswerBot"], user: ["ChatGPT-User"], training: ["GPTBot"] } };
    const v = aiCrawlersCheck.run(makePage("<p>x</p>", { url: "https://example.com/blog/post", robots: { status: 200, body: robots }, settings }));
    expect(v.passed).toBe(false);
    expect(blockedAgents(v)).toEqual(["NewAnswerBot"]);
    expect(v.value).toMatchObject({ search: { NewAnswerBot: "blocked" }, user: { "ChatGPT-User": "allowed (by *)" } });
    expect(v.value).not.toHaveProperty("search.PerplexityBot");
  });

  it("passes when `*` allows everything, every agent reported as allowed by *", () => {
    const v = run("User-agent: *\nAllow: /\n");
    expect(v.passed).toBe(true);
    expect(v.value).toMatchObject({
      googlebot: "allowed",
      search: { "OAI-SearchBot": "allowed (by *)", "Claude-SearchBot": "allowed (by *)", PerplexityBot: "allowed (by *)" },
      user: { "ChatGPT-User": "allowed (by *)" },
      training: { GPTBot: "allowed (by *)" },
      content_signal: null,
    });
  });

  it.each([
    ["OAI-SearchBot", "search"],
    ["Claude-SearchBot", "search"],
    ["PerplexityBot", "search"],
    ["ChatGPT-User", "user"],
    ["Claude-User", "user"],
    ["Perplexity-User", "user"],
  ])("fails when %s (%s) alone is blocked, naming the line", (agent, group) => {
    const v = run(`User-agent: *\nAllow: /\n\nUser-agent: ${agent.toLowerCase()}\nDisallow: /\n`);
    expect(v.passed).toBe(false);
    expect(v.errors).toEqual({ ai_blocked: [{ agent, group, line: 5, rule: "Disallow: /" }] });
    expect((v.value as Record<string, Record<string, string>>)[group]![agent]).toBe("blocked");
  });

  it("reports blocked training crawlers without failing (Cloudflare's managed robots.txt)", () => {
    const body = [
      "User-agent: *",
      "Content-Signal: search=yes,ai-train=no",
      "Allow: /",
      "",
      ...["Amazonbot", "Applebot-Extended", "Bytespider", "CCBot", "ClaudeBot", "Google-Extended", "GPTBot", "meta-externalagent"].flatMap((a) => [
        `User-agent: ${a}`,
        "Disallow: /",
        "",
      ]),
    ].join("\n");
    const v = run(body);
    expect(v.passed).toBe(true);
    expect(v.value).toMatchObject({
      training: { GPTBot: "blocked", ClaudeBot: "blocked", CCBot: "blocked", "Google-Extended": "blocked", Bytespider: "blocked" },
      search: { "OAI-SearchBot": "allowed (by *)" },
      content_signal: { search: "yes", "ai-input": "not stated", "ai-train": "no" },
    });
  });

  it("does not fail a wildcard block that shuts out Googlebot too (not selective)", () => {
    const v = run("User-agent: *\nDisallow: /\n");
    expect(v.passed).toBe(true);
    expect(v.value).toMatchObject({ googlebot: "blocked", search: { "OAI-SearchBot": "blocked (by *)" } });
  });

  it("fails a wildcard block that lets only Googlebot in: every AI search crawler and fetcher is shut out", () => {
    const v = run("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n");
    expect(blockedAgents(v)).toEqual(["OAI-SearchBot", "Claude-SearchBot", "PerplexityBot", "ChatGPT-User", "Claude-User", "Perplexity-User"]);
  });

  it("lets an agent's own group override `*`, and Allow win over a shorter Disallow", () => {
    expect(run("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nUser-agent: OAI-SearchBot\nAllow: /\n").errors?.ai_blocked).not.toContainEqual(
      expect.objectContaining({ agent: "OAI-SearchBot" }),
    );
    expect(run("User-agent: PerplexityBot\nDisallow: /\nAllow: /blog/\n").passed).toBe(true);
    expect(run("User-agent: PerplexityBot\nDisallow: /blog\nAllow: /blog\n").passed).toBe(true);
  });

  it("judges this page's path only: a block elsewhere on the site passes", () => {
    const body = "User-agent: PerplexityBot\nDisallow: /blog/\n";
    expect(blockedAgents(run(body))).toEqual(["PerplexityBot"]);
    expect(run(body, 200, "https://example.com/about").passed).toBe(true);
  });

  it("reads Content-Signal lines: case-insensitive, path-scoped over unscoped, per-agent groups, unknown keys kept", () => {
    const body = [
      "content-signal: search=yes, ai-input=yes",
      "User-agent: *",
      "CONTENT-SIGNAL: /blog/ ai-train=no, use=reference",
      "Content-Signal: /other/ ai-input=no",
      "Allow: /",
      "",
      "User-agent: GPTBot",
      "Content-Signal: ai-train=no, ai-input=no",
      "Disallow: /private/",
    ].join("\n");
    const v = run(body);
    expect(v.passed).toBe(true);
    expect(v.value).toMatchObject({
      content_signal: { search: "yes", "ai-input": "yes", "ai-train": "no", use: "reference" },
      content_signal_by_agent: { GPTBot: { search: "yes", "ai-input": "no", "ai-train": "no" } },
    });
    expect((run(body, 200, "https://example.com/about").value as { content_signal: unknown }).content_signal).toEqual({
      search: "yes",
      "ai-input": "yes",
      "ai-train": "not stated",
    });
  });

  it("reports legacy tokens when the file names them", () => {
    const v = run("User-agent: anthropic-ai\nDisallow: /\n");
    expect(v.passed).toBe(true);
    expect(v.value).toMatchObject({ legacy: { "anthropic-ai": "blocked" } });
  });
});

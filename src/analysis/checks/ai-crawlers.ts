import { groupsFor, groupsNaming, isAllowed, matches, normalisePath, parsedRobotsOf, robotsAvailability, type ContentSignal, type ParsedRobots } from "../robots";
import type { AiCrawlers, Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";

/** Tokens vendors no longer document but many files still name: reported when named, never judged. */
const LEGACY = ["anthropic-ai", "Claude-Web"];
const SIGNAL_KEYS = ["search", "ai-input", "ai-train"];

type Group = keyof AiCrawlers;

/**
 * The Content-Signal values for one crawler at one path: its groups' lines (a path-scoped line when its pattern
 * matches, the longest first) over the unscoped ones; a key no line states is "not stated", never yes or no.
 */
function signalsAt(lines: ContentSignal[], path: string): Record<string, string> | null {
  const applying = lines
    .filter((s) => s.path === null || (s.path !== "" && matches(s.path, path)))
    .sort((a, b) => (a.path?.length ?? -1) - (b.path?.length ?? -1));
  if (applying.length === 0) return null;
  const merged: Record<string, string> = Object.fromEntries(SIGNAL_KEYS.map((key) => [key, "not stated"]));
  for (const line of applying) Object.assign(merged, line.values);
  return merged;
}

const groupSignals = (robots: ParsedRobots, agent: string) => [...robots.signals, ...groupsFor(robots, agent).flatMap((g) => g.signals)];

function agentStatus(robots: ParsedRobots, agent: string, path: string) {
  const decision = isAllowed(robots, agent, path);
  const named = groupsNaming(robots, agent).length > 0;
  return { ...decision, named, label: `${decision.allowed ? "allowed" : "blocked"}${named ? "" : " (by *)"}` };
}

export const aiCrawlersCheck: Check = {
  id: "ai_crawlers",
  category: "ai",
  importance: "medium",
  title: "robots.txt lets AI search crawlers and AI assistants reach the page",
  fix: "In robots.txt, remove the Disallow that matches this page in the group for the AI search crawler or assistant named (OAI-SearchBot, Claude-SearchBot, PerplexityBot, ChatGPT-User, Claude-User, Perplexity-User), or add an `Allow` for the page. Blocking training crawlers such as GPTBot is your choice and does not fail this check.",
  readsDom: false,
  run(page) {
    const { robots } = page.site;
    const availability = robotsAvailability(robots);
    if (availability === "missing") return notApplicable("no robots.txt: every crawler may read the page");
    if (availability === "unreachable") return notApplicable(`robots.txt could not be read (${robots.status ?? "no answer"}); robots_txt_valid reports it`);
    const parsed = parsedRobotsOf(robots);
    const path = normalisePath(page.url.pathname + page.url.search);
    const googlebot = isAllowed(parsed, "Googlebot", path).allowed;
    const { aiCrawlers } = page.settings;
    const blocked: { agent: string; group: Group; line: number | null; rule: string | null }[] = [];
    const groups = Object.fromEntries(
      (Object.keys(aiCrawlers) as Group[]).map((group) => [
        group,
        Object.fromEntries(
          aiCrawlers[group].map((agent) => {
            const status = agentStatus(parsed, agent, path);
            // Selective: Googlebot may read the page, this AI crawler may not. A site closed to every crawler is not
            // making an AI choice, and robots_txt_allowed reports that.
            if (group !== "training" && !status.allowed && googlebot) {
              blocked.push({ agent, group, line: status.rule?.line ?? null, rule: status.rule?.text ?? null });
            }
            return [agent, status.label];
          }),
        ),
      ]),
    );
    const legacy = Object.fromEntries(LEGACY.filter((agent) => groupsNaming(parsed, agent).length > 0).map((agent) => [agent, agentStatus(parsed, agent, path).label]));
    const perAgent = Object.fromEntries(
      Object.values(aiCrawlers)
        .flat()
        .flatMap((agent) => {
          const own = groupsNaming(parsed, agent).flatMap((g) => g.signals);
          const signals = own.length > 0 ? signalsAt([...parsed.signals, ...own], path) : null;
          return signals ? [[agent, signals]] : [];
        }),
    );
    const value = {
      path,
      googlebot: googlebot ? "allowed" : "blocked",
      ...groups,
      ...(Object.keys(legacy).length > 0 && { legacy }),
      content_signal: signalsAt(groupSignals(parsed, "*"), path),
      ...(Object.keys(perAgent).length > 0 && { content_signal_by_agent: perAgent }),
    };
    return blocked.length === 0 ? pass(value) : fail(value, { ai_blocked: blocked });
  },
};

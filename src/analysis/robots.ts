import type { RobotsFacts } from "./types";

/**
 * robots.txt per RFC 9309. Not the `robots-parser` package: it picks a group by exact user-agent string
 * (so "Googlebot/2.1 (+http://...)"-style or "googlebot foo" lines miss), falls back to `*` when the
 * matching group has no rules, keeps a leading BOM in the first key, and normalises percent-encoding
 * differently for patterns and paths (/%7Efoo vs /~foo, `[` `|` `^`).
 */

export interface RobotsLine {
  /** 1-based line number in the file. */
  number: number;
  /** Lower-cased directive name, or null when the line has no colon. */
  key: string | null;
  value: string;
  text: string;
}

export interface RobotsRule {
  allow: boolean;
  /** Normalised pattern (see normalisePath). */
  pattern: string;
  line: number;
  text: string;
}

/** A `Content-Signal:` line (Cloudflare's Content Signals Policy): `[path] key=value, key=value`. */
export interface ContentSignal {
  /** Normalised path pattern when the line is scoped to one, else null (the whole site). */
  path: string | null;
  /** Lower-cased keys and values in file order, unknown keys kept. */
  values: Record<string, string>;
  line: number;
}

interface RobotsGroup {
  agents: string[];
  rules: RobotsRule[];
  signals: ContentSignal[];
}

export interface ParsedRobots {
  groups: RobotsGroup[];
  sitemaps: string[];
  /** Content-Signal lines before any user-agent: they apply to every crawler. */
  signals: ContentSignal[];
}

function parseContentSignal(value: string, line: number): ContentSignal {
  const first = value.split(/\s+/, 1)[0] ?? "";
  const scoped = first.startsWith("/") && !first.includes("=");
  const rest = scoped ? value.slice(first.length) : value;
  const values: Record<string, string> = {};
  for (const pair of rest.split(",")) {
    const eq = pair.indexOf("=");
    if (eq === -1) continue;
    const key = pair.slice(0, eq).trim().toLowerCase();
    if (key) values[key] = pair.slice(eq + 1).trim().toLowerCase();
  }
  return { path: scoped ? normalisePath(first) : null, values, line };
}

export type RobotsAvailability = "missing" | "unreachable" | "available";

/**
 * RFC 9309 2.3.1: 4xx means no restrictions, 5xx (and a failed fetch with no status) means crawlers must
 * assume everything is disallowed. 429 is counted as unreachable, as Google and Lighthouse do.
 */
export function robotsAvailability(robots: RobotsFacts): RobotsAvailability {
  const { status, body } = robots;
  if (status !== null && (status >= 500 || status === 429)) return "unreachable";
  if (body === null || (status !== null && status >= 400)) return "missing";
  return "available";
}

/** The file's non-blank lines, comments removed. */
export function robotsLines(body: string): RobotsLine[] {
  const lines: RobotsLine[] = [];
  body
    .replace(/^\uFEFF/, "")
    .split(/\r\n|\r|\n/)
    .forEach((text, index) => {
      const hash = text.indexOf("#");
      const content = (hash === -1 ? text : text.slice(0, hash)).trim();
      if (content === "") return;
      const colon = content.indexOf(":");
      if (colon === -1) {
        lines.push({ number: index + 1, key: null, value: content, text });
        return;
      }
      const key = content.slice(0, colon).trim().toLowerCase();
      lines.push({ number: index + 1, key, value: content.slice(colon + 1).trim(), text });
    });
  return lines;
}

/** Groups start at a user-agent line that follows a rule; rules before any user-agent belong to nobody. */
export function parseRobots(body: string): ParsedRobots {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  const signals: ContentSignal[] = [];
  let current: RobotsGroup | null = null;
  let sawRule = false;
  for (const line of robotsLines(body)) {
    if (line.key === "user-agent") {
      if (!current || sawRule) {
        current = { agents: [], rules: [], signals: [] };
        groups.push(current);
        sawRule = false;
      }
      current.agents.push(line.value);
    } else if (line.key === "allow" || line.key === "disallow") {
      if (!current) continue;
      sawRule = true;
      current.rules.push({ allow: line.key === "allow", pattern: normalisePath(line.value), line: line.number, text: line.text.trim() });
    } else if (line.key === "sitemap" && line.value) {
      sitemaps.push(line.value);
    } else if (line.key === "content-signal") {
      (current ? current.signals : signals).push(parseContentSignal(line.value, line.number));
    }
  }
  return { groups, sitemaps, signals };
}

const parsedByFacts = new WeakMap<RobotsFacts, ParsedRobots>();

/**
 * The origin's robots.txt parsed once for every check that reads it (ai_crawlers, robots_txt_allowed): the facts
 * object is the key, and no caller changes what it gets back.
 */
export function parsedRobotsOf(robots: RobotsFacts): ParsedRobots {
  let parsed = parsedByFacts.get(robots);
  if (!parsed) {
    parsed = parseRobots(robots.body ?? "");
    parsedByFacts.set(robots, parsed);
  }
  return parsed;
}

const isGlobalAgent = (value: string): boolean => /^\*(\s|$)/.test(value);

/** The product token of a user-agent line: "Googlebot/2.1" and "googlebot" both name googlebot. */
const agentToken = (value: string): string => (/^[A-Za-z_-]+/.exec(value)?.[0] ?? "").toLowerCase();

/** The groups naming a crawler's token; none means the `*` groups apply to it. */
export function groupsNaming(robots: ParsedRobots, agent: string): RobotsGroup[] {
  const token = agent.toLowerCase();
  return robots.groups.filter((g) => g.agents.some((a) => !isGlobalAgent(a) && agentToken(a) === token));
}

/** The groups that apply to a crawler: every group naming its token, else every `*` group, else none. */
export function groupsFor(robots: ParsedRobots, agent: string): RobotsGroup[] {
  // "*" names no group of its own: agentToken never reads "*", so it gets the `*` groups.
  const specific = groupsNaming(robots, agent);
  return specific.length > 0 ? specific : robots.groups.filter((g) => g.agents.some(isGlobalAgent));
}

const rulesFor = (robots: ParsedRobots, agent: string): RobotsRule[] => groupsFor(robots, agent).flatMap((g) => g.rules);

export interface RobotsDecision {
  allowed: boolean;
  /** The deciding rule, or null when none matched. */
  rule: RobotsRule | null;
}

/** Longest matching pattern wins; on equal length Allow wins; no match means allowed. */
export function isAllowed(robots: ParsedRobots, agent: string, pathAndQuery: string): RobotsDecision {
  const path = normalisePath(pathAndQuery);
  let best: RobotsRule | null = null;
  for (const rule of rulesFor(robots, agent)) {
    if (rule.pattern === "" || !matches(rule.pattern, path)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) {
      best = rule;
    }
  }
  return { allowed: best ? best.allow : true, rule: best };
}

/**
 * `*` matches any run of characters, a final `$` anchors the end. Tracks the set of reachable positions
 * (as google/robotstxt does) instead of building a RegExp, so hostile patterns cannot backtrack.
 */
export function matches(pattern: string, path: string): boolean {
  let positions = [0];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "$" && i === pattern.length - 1) return positions[positions.length - 1] === path.length;
    if (c === "*") {
      const from = positions[0] ?? 0;
      positions = Array.from({ length: path.length - from + 1 }, (_, k) => from + k);
      continue;
    }
    const next: number[] = [];
    for (const p of positions) if (p < path.length && path[p] === c) next.push(p + 1);
    if (next.length === 0) return false;
    positions = next;
  }
  return true;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 9309 2.2.2: compare paths percent-encoded, with non-ASCII as UTF-8 octets, escapes of unreserved
 * characters decoded and hex digits upper-cased, so "/~a", "/%7ea" and "/%7Ea" are one path.
 */
export function normalisePath(value: string): string {
  return value
    .replace(/[^\x21-\x7e]|["<>`{}]/gu, (ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return "%EF%BF%BD"; // a lone surrogate: what a URL parser would make of it
      }
    })
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const ch = String.fromCharCode(parseInt(hex, 16));
      return UNRESERVED.test(ch) ? ch : escape.toUpperCase();
    });
}

import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";

type Network = "x" | "facebook" | "instagram" | "youtube" | "linkedin" | "tiktok";

const NETWORKS: ReadonlyMap<string, Network> = new Map([
  ["x.com", "x"],
  ["twitter.com", "x"],
  ["facebook.com", "facebook"],
  ["instagram.com", "instagram"],
  ["youtube.com", "youtube"],
  ["linkedin.com", "linkedin"],
  ["tiktok.com", "tiktok"],
]);

/** First path segments that are the network's own pages (share buttons, search, log-in), not anyone's profile. */
const NOT_PROFILES: Record<Network, ReadonlySet<string>> = {
  x: new Set(["intent", "share", "home", "search", "hashtag", "i", "login", "signup", "explore"]),
  facebook: new Set(["sharer", "sharer.php", "share", "share.php", "dialog", "plugins", "login", "login.php", "home.php"]),
  instagram: new Set(["accounts", "explore"]),
  youtube: new Set(["results", "redirect"]),
  linkedin: new Set(["sharearticle", "sharing", "cws", "login", "feed"]),
  tiktok: new Set(["share", "login"]),
};

/** Parsing every href as a URL is the slow part on link-heavy pages, so only likely ones are parsed. */
const MENTIONS_NETWORK = /(?:x|twitter|facebook|instagram|youtube|linkedin|tiktok)\.com/i;

/** The network a link leads to a profile on, or null. */
function profileNetwork(href: string, base: URL): Network | null {
  if (!MENTIONS_NETWORK.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const network = NETWORKS.get(url.hostname.replace(/^(www|m)\./, ""));
  if (!network) return null;
  const first = url.pathname.split("/").find(Boolean)?.toLowerCase();
  if (first === undefined || NOT_PROFILES[network].has(first)) return null;
  return network;
}

export const social: Check = {
  id: "social",
  category: "miscellaneous",
  importance: "low",
  title: "The page links to the site's profile on a social network",
  fix: "Link to your profiles on X, Facebook, Instagram, YouTube, LinkedIn or TikTok, for example in the footer.",
  run(page) {
    const found = new Set<Network>();
    for (const a of tags(page, "a")) {
      const href = a.getAttribute("href");
      const network = href === null ? null : profileNetwork(href.trim(), page.url);
      if (network) found.add(network);
    }
    return found.size > 0 ? pass([...found]) : fail([], { missing: true });
  },
};

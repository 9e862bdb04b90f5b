import { audited, pagesByUrl, verdictOf } from "./helpers";
import type { SiteCheck } from "./types";

const MAX_SOURCES = 5;

export const brokenInternalLinks: SiteCheck = {
  id: "broken_internal_links",
  importance: "high",
  title: "Internal links lead to working pages",
  fix: "Fix or remove links to pages that answer an error, or bring the missing pages back.",
  run(site) {
    const byUrl = pagesByUrl(site);
    const broken = new Map<string, string[]>();
    const notAudited = new Set<string>();
    for (const page of audited(site)) {
      for (const target of page.facts.links) {
        const linked = byUrl.get(target);
        if (!linked) {
          notAudited.add(target);
          continue;
        }
        if (linked.facts.status < 400) continue;
        const sources = broken.get(target) ?? [];
        if (sources.length < MAX_SOURCES && !sources.includes(page.url)) sources.push(page.url);
        broken.set(target, sources);
      }
    }
    const problems = [...broken].map(([url, linkedFrom]) => ({ url, status: byUrl.get(url)!.facts.status, linked_from: linkedFrom }));
    return verdictOf(problems, { value: { not_audited_targets: notAudited.size } });
  },
};

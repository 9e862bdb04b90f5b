import { checksById } from "../../analysis/checks/index";
import type { Category, Importance, Results } from "../../analysis/types";
import { siteChecks } from "../checks/index";

/** What the issue lists say of a check besides its counts, from the two registries. */
export type CheckInfo = {
  check: string;
  kind: "page" | "site";
  category: Category;
  importance: Importance;
  title: string;
  fix: string;
};

const pageInfo = new Map<string, CheckInfo>(
  [...checksById.values()].map((c) => [c.id, { check: c.id, kind: "page", category: c.category, importance: c.importance, title: c.title, fix: c.fix }]),
);
const siteInfo = new Map<string, CheckInfo>(
  siteChecks.map((c) => [
    c.id,
    { check: c.id, kind: "site", category: c.category ?? "seo", importance: c.importance ?? "medium", title: c.title, fix: c.fix },
  ]),
);

/** A page check's or a site check's info; undefined for an id neither registry knows. */
export const checkInfo = (id: string): CheckInfo | undefined => pageInfo.get(id) ?? siteInfo.get(id);
export const isPageCheck = (id: string) => pageInfo.has(id);
export const isSiteCheck = (id: string) => siteInfo.has(id);

/** The checks a page's results failed: what a crawl keeps of each audited page for its issues. */
export const failedCheckIds = (results: Results): string[] =>
  Object.entries(results)
    .filter(([, result]) => !result.passed)
    .map(([id]) => id);

const rank: Record<Importance, number> = { high: 0, medium: 1, low: 2 };

/** Most important first, then the most pages, then by id so equal rows keep one order. */
export const byImportanceThenPages = <R extends { importance: Importance; pages: number; check: string }>(a: R, b: R) =>
  rank[a.importance] - rank[b.importance] || b.pages - a.pages || a.check.localeCompare(b.check);

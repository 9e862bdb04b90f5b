import type { Category, Check, CheckResult, Importance, Results } from "../analysis/types";

export interface CheckRow {
  id: string;
  title: string;
  fix: string;
  importance: Importance;
  passed: boolean;
  value: unknown;
  errors?: Record<string, unknown>;
  /** false for a check that could not apply to the page: a neutral mark, not a tick. */
  applicable: boolean;
}

export interface CategorySection {
  category: Category;
  name: string;
  passed: number;
  rows: CheckRow[];
}

const categoryNames: Record<Category, string> = {
  seo: "SEO",
  performance: "Performance",
  security: "Security",
  miscellaneous: "Miscellaneous",
  ai: "AI search and agents",
  // Raw against rendered HTML (docs/rendering.md): only a rendered report has these.
  rendering: "What JavaScript changes",
};
const categoryOrder: Category[] = ["seo", "performance", "security", "miscellaneous", "ai", "rendering"];
const importanceRank: Record<Importance, number> = { high: 0, medium: 1, low: 2 };

const toRow = (id: string, result: CheckResult, check: Check | undefined): CheckRow => ({
  id,
  // A result stored before a check was renamed or removed still shows, under its id.
  title: check?.title ?? id.replace(/_/g, " "),
  fix: check?.fix ?? "",
  importance: result.importance,
  passed: result.passed,
  value: result.value,
  errors: result.errors,
  applicable: result.applicable !== false,
});

/** Categories in a fixed order, each with its failed checks first, then by importance, then registry order. */
export function arrangeChecks(results: Results, registry: readonly Check[]): CategorySection[] {
  const position = new Map(registry.map((check, i) => [check.id, i]));
  const byId = new Map(registry.map((check) => [check.id, check]));
  return categoryOrder
    .map((category) => {
      const rows = Object.entries(results)
        .filter(([, result]) => result.category === category)
        .map(([id, result]) => toRow(id, result, byId.get(id)))
        .sort(
          (a, b) =>
            Number(a.passed) - Number(b.passed) ||
            importanceRank[a.importance] - importanceRank[b.importance] ||
            (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity) ||
            a.id.localeCompare(b.id),
        );
      return { category, name: categoryNames[category], passed: rows.filter((r) => r.passed).length, rows };
    })
    .filter((section) => section.rows.length > 0);
}

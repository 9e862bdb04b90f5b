import { isPartialValue } from "../analysis/partial-read";

/** Short, plain-text renderings of a check's stored `value` and `errors` for the report page. */
const MAX_TEXT = 160;
const MAX_ITEMS = 3;

const words = (key: string) => key.replace(/_/g, " ");

const clip = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function scalar(value: unknown): string | undefined {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return value === "" ? "(empty)" : `“${clip(value, 80)}”`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

function list(items: unknown[]): string {
  if (items.length === 0) return "none";
  const shown = items.slice(0, MAX_ITEMS).map((item) => scalar(item) ?? flat(item));
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}

/** A list nested in an object: its only item, or how many there are. */
function brief(items: unknown[]): string {
  if (items.length === 0) return "none";
  const only = items.length === 1 ? scalar(items[0]) : undefined;
  return only ?? `${items.length} items`;
}

/** One level of an object: "key value, key value", nested values summarised instead of dumped. */
function flat(value: unknown): string {
  const text = scalar(value);
  if (text !== undefined) return text;
  if (Array.isArray(value)) return list(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "none";
  return entries
    .map(([key, inner]) => {
      const rendered =
        typeof inner === "boolean" ? (inner ? "yes" : "no") : (scalar(inner) ?? (Array.isArray(inner) ? brief(inner) : "…"));
      return `${words(key)} ${rendered}`;
    })
    .join(", ");
}

/**
 * What the check found, in one line: "“Home”", "images 3, without alt 1", "none"; on a page read in part,
 * which part: "images 3, without alt 1 (first 2,000,000 of 5,123,456 characters)".
 */
export function describeValue(value: unknown): string {
  if (!isPartialValue(value)) return clip(flat(value));
  const note = ` (${value.read})`;
  return `${clip(flat(value.found), MAX_TEXT - note.length)}${note}`;
}

const field = (detail: unknown, key: string) => (typeof detail === "object" && detail !== null ? (detail as Record<string, unknown>)[key] : undefined);

/** Errors whose key in words would not tell a reader what is wrong: one plain sentence each. Keys are unique to a check. */
const SENTENCES: Record<string, (detail: unknown) => string> = {
  // Only the canonical check names this error.
  not_http: (detail) =>
    `The canonical URL uses ${String(field(detail, "scheme") ?? "a scheme other than http")}, which search engines cannot follow; use an https:// URL.`,
  // llms_txt
  no_h1_line: () => "llms.txt has no H1 line such as `# Site name`",
  no_markdown_link: () => "llms.txt has no markdown link written on one line, such as `[Docs](https://example.com/docs)`",
  llms_txt_unreachable: (detail) => `llms.txt did not answer (${String(detail)})`,
  llms_txt_server_error: (detail) => `llms.txt answered HTTP ${String(detail)}, a server error`,
  llms_txt_no_content: (detail) => `llms.txt answered HTTP ${String(detail)} with no content`,
  // ai_crawlers
  ai_blocked: (detail) => {
    const agents = (Array.isArray(detail) ? detail : []).map((b) => {
      const rule = field(b, "rule");
      return `${String(field(b, "agent"))}${rule ? ` (line ${String(field(b, "line"))}: “${String(rule)}”)` : ""}`;
    });
    const more = agents.length > MAX_ITEMS ? ` and ${agents.length - MAX_ITEMS} more` : "";
    return `robots.txt keeps ${agents.slice(0, MAX_ITEMS).join(", ")}${more} out of this page while it lets Googlebot in`;
  },
};

function describeError(key: string, detail: unknown): string {
  const sentence = SENTENCES[key];
  if (sentence) return sentence(detail);
  return detail === true || detail === null ? words(key) : `${words(key)}: ${flat(detail)}`;
}

/** Why it failed, in one line: `{ too_long: { length: 72, max: 60 } }` -> "too long: length 72, max 60". */
export function describeErrors(errors: Record<string, unknown> | undefined): string {
  if (!errors) return "";
  const parts = Object.entries(errors).map(([key, detail]) => describeError(key, detail));
  return clip(parts.join("; "));
}

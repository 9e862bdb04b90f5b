export type Category = "seo" | "performance" | "security" | "miscellaneous" | "ai" | "rendering";
export type Importance = "high" | "medium" | "low";

/** What the fetch layer learned about the page's own HTML response. */
export interface FetchFacts {
  requestedUrl: string;
  finalUrl: string;
  /** Every hop that answered with a redirect, in order. */
  redirects: { url: string; status: number; location: string }[];
  status: number;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  ttfbMs: number;
  totalMs: number;
  /** Bytes of the body as received (after transfer decoding), before any cut. */
  bytes: number;
  truncated: boolean;
  contentEncoding: string | null;
  html: string;
  /**
   * What one request for the page's markdown answered (agent-markdown.ts, docs/analysis.md `markdown_for_agents`):
   * null when nothing was asked (no markdown offered, or the page did not answer 2xx), absent where not gathered.
   */
  markdown?: MarkdownFacts | null;
  /**
   * The pinned schema.org release's table (structured-data/vocabulary.ts), gathered beside the page like its markdown:
   * what structured_data_valid and rich_results judge items against. Absent or null when it could not be read.
   */
  schemaVocabulary?: string | null;
}

/** The one markdown request of a page: to its advertised alternate (`link`), else the page itself with `Accept: text/markdown`. */
export interface MarkdownFacts {
  via: "link" | "negotiation";
  url: string;
  /** Final status, redirects followed; null when no answer came. */
  status: number | null;
  /** Why no answer came: the fetch layer's code (`timeout`, `blocked_url`, ...), else null. */
  error: string | null;
  /** The answer's media type, lower-cased, without parameters. */
  contentType: string | null;
  /** The answer's Vary names Accept (or is `*`). */
  varyAccept: boolean;
  /** The start of the body is an HTML document. */
  html: boolean;
}

/** robots.txt of the page's origin: null body when it could not be fetched at all. */
export interface RobotsFacts {
  url: string;
  status: number | null;
  body: string | null;
}

/** What /llms.txt of the page's origin answered, read as Lighthouse's `llms-txt` audit reads it (docs/analysis.md). */
export interface LlmsTxtFacts {
  url: string;
  /** Final status, redirects followed; null when no answer came. */
  status: number | null;
  /** Why no answer came: the fetch layer's code (`timeout`, `connection_failed`, `blocked_url`, ...), else null. */
  error: string | null;
  /** What the text says, for a 2xx answer only: the text itself is not kept (a crawl keeps its site facts in D1). */
  digest: LlmsTxtDigest | null;
}

export interface LlmsTxtDigest {
  /** Length of the decoded text in UTF-16 code units, as Lighthouse counts it. */
  length: number;
  /** The file was longer than LLMS_TXT_MAX_BYTES and only its start was read. */
  truncated: boolean;
  hasH1: boolean;
  hasLink: boolean;
  /** What llmstxt.org asks beyond Lighthouse's rule: reported, never failed. */
  h1First: boolean;
  summary: boolean;
  sections: number;
  links: number;
  /** Links written as llmstxt.org's list items, `- [name](url)` or `- [name](url): notes`, under an H2. */
  listLinks: number;
  optional: boolean;
  /** Same-host http(s) URLs the file links to, deduplicated, at most LLMS_TXT_MAX_LINKS; `sameHostCount` counts all. */
  sameHost: string[];
  sameHostCount: number;
}

export interface SiteFacts {
  robots: RobotsFacts;
  /** Status of a request for a random path on the same origin; null when it failed. */
  notFoundStatus: number | null;
  /** Absent in the facts of a crawl started before llms.txt was read. */
  llms?: LlmsTxtFacts;
}

export interface CheckSettings {
  titleMinLength: number;
  titleMaxLength: number;
  metaDescriptionMinLength: number;
  metaDescriptionMaxLength: number;
  maxInPageLinks: number;
  maxLoadTimeMs: number;
  maxPageBytes: number;
  maxHttpRequests: number;
  maxDomElements: number;
  minContentWords: number;
  /** Percent. */
  minTextHtmlRatio: number;
  /** `ai_crawlers`' robots.txt product tokens, by what blocking them costs (docs/analysis.md). */
  aiCrawlers: AiCrawlers;
}

export interface AiCrawlers {
  /** AI search indexes: blocked, the page is not cited in AI answers. */
  search: readonly string[];
  /** Fetchers acting for a user's request. */
  user: readonly string[];
  /** Training: blocking them is a legitimate choice, reported only. */
  training: readonly string[];
}

export const defaultCheckSettings: CheckSettings = {
  titleMinLength: 10,
  titleMaxLength: 60,
  metaDescriptionMinLength: 50,
  metaDescriptionMaxLength: 160,
  maxInPageLinks: 150,
  maxLoadTimeMs: 2000,
  maxPageBytes: 330_000,
  maxHttpRequests: 50,
  maxDomElements: 1500,
  minContentWords: 500,
  minTextHtmlRatio: 10,
  aiCrawlers: {
    search: ["OAI-SearchBot", "Claude-SearchBot", "PerplexityBot"],
    user: ["ChatGPT-User", "Claude-User", "Perplexity-User"],
    training: ["GPTBot", "ClaudeBot", "CCBot", "Google-Extended", "Applebot-Extended", "meta-externalagent", "Bytespider"],
  },
};

/**
 * The parsed page every check reads. Built once by `parsePage`: one parse and one walk of the tree,
 * so a check looks elements up by tag instead of walking the document itself.
 */
export interface Page {
  url: URL;
  html: string;
  document: Document;
  /** Every element in document order. */
  elements: Element[];
  /** Elements by lower-case tag name, in document order. */
  byTag: Map<string, Element[]>;
  /** Elements by lower-case attribute name, in document order: what checks would otherwise scan every element for. */
  byAttribute: Map<string, Element[]>;
  /** h1 to h6 with their level, in document order (what byTag cannot give across six tags). */
  headings: { level: number; el: Element }[];
  /**
   * The head as a browser builds it ("How a page is read", docs/analysis.md): its metadata elements in document
   * order, including those between </head> and <body>, and none after whatever ended it early. Checks that read
   * head metadata read this, not byTag.
   */
  head: Element[];
  /** What ended the head before its time, when something did. */
  headEnd: HeadEnd | null;
  /** Visible text of <body> (no script, style, noscript, template), whitespace collapsed. */
  text: string;
  /**
   * The DOM was built from the first part of a very long page only (see parse.ts's budget): document, elements,
   * byTag and text then cover `domHtmlLength` characters of `html`, which itself stays whole.
   */
  truncatedDom: boolean;
  /** Length of the part of `html` the DOM was built from (all of it unless cut by the budget or nesting cap). */
  domHtmlLength: number;
  fetch: FetchFacts;
  site: SiteFacts;
  settings: CheckSettings;
  /** Set on a rendered page only (docs/rendering.md): what the raw HTML said, and what the browser saw. */
  rendering?: RenderingFacts;
  /** What real visitors saw (the Chrome UX Report), when the audit asked for it: `core_web_vitals` judges it. */
  field?: FieldFacts;
}

/** The Chrome UX Report's form factors a report asks for: its device's. */
export type FormFactor = "PHONE" | "DESKTOP";

/**
 * One Chrome UX Report record, reduced to what `core_web_vitals` reports (docs/analysis.md "Field data"): the 75th
 * percentiles over its 28-day collection period, each null when CrUX has too little data for that metric.
 */
export interface FieldRecord {
  source: "url" | "origin";
  form_factor: FormFactor;
  /** First and last day of the collection period, YYYY-MM-DD; null when the answer named none. */
  collection_period: { first: string; last: string } | null;
  p75: { lcp_ms: number | null; inp_ms: number | null; cls: number | null; fcp_ms: number | null; ttfb_ms: number | null };
}

/**
 * Field data as the audit found it: a record, or why there is none. `no_key`: the operator gave no CRUX_API_KEY (no
 * request was made); `no_data`: CrUX has nothing for the URL nor its origin; `unavailable`: the API could not be
 * asked or did not answer (timeout, refused key, server error, the pace's budget used up): the audit goes on.
 */
export type FieldFacts = { ok: true; record: FieldRecord } | { ok: false; reason: "no_key" | "no_data" | "unavailable"; message: string };

/** What the raw and the rendered page are compared on: plain data, small, read from one parsed page. */
export interface PageSignals {
  title: string | null;
  metaDescription: string | null;
  h1: string | null;
  /** The first canonical <link> of the head, resolved against the page URL (as written when it cannot be). */
  canonical: string | null;
  /** Whether a robots or googlebot meta tag says noindex or none (the X-Robots-Tag header is not script's to change). */
  noindex: boolean;
  /** Crawlable link targets, absolute, without fragment, deduplicated, at most MAX_SIGNAL_LINKS. */
  links: string[];
  /** Visible words of the body, lower-cased, with how often each occurs. */
  words: Record<string, number>;
}

/** The raw page's signals and the browser's own findings, carried to the rendering checks on the rendered page. */
export interface RenderingFacts {
  raw: PageSignals;
  errors: string[];
  failedRequests: number;
  blockedRequests: number;
  browserMs: number;
  /** axe-core's run in the rendered page (agent-tree-rules.ts); absent from a renderer that does not run it. */
  agentTree?: AgentTreeFacts;
  /** The lab metrics measured while the page loaded (lab-metrics.ts); absent from a renderer that does not measure. */
  lab?: LabFacts;
}

/** A measurement that could not be made is a value too: the performance checks then say why they do not apply. */
export type LabFacts = { ok: true; metrics: LabMetrics } | { ok: false; message: string };

/** An element the lab metrics name: Lighthouse's selector and its opening tag. */
export interface LabElement {
  selector: string;
  snippet: string;
}

/**
 * What a rendered page measured while it loaded (docs/analysis.md "Page experience"): the report's `metrics`, as
 * stored and served. Times in ms from the navigation's start.
 */
export interface LabMetrics {
  device: "mobile" | "desktop";
  lcp_ms: number | null;
  lcp_element: LabElement | null;
  cls: number;
  /** The largest layout shifts (at most 5), each with up to 3 of the elements that moved. */
  layout_shifts: { score: number; at_ms: number; elements: LabElement[] }[];
  fcp_ms: number | null;
  ttfb_ms: number | null;
  tbt_ms: number;
  /** Long tasks that ended after FCP, and the longest task of all. */
  long_tasks: number;
  longest_task_ms: number;
  /** Bytes transferred (Resource Timing; 0 for a cross-origin resource without Timing-Allow-Origin), in all and by type. */
  bytes: number;
  bytes_by_type: Record<string, number>;
  requests: number;
  dom_elements: number;
}

/** What axe-core found in the rendered page, for `agent_accessibility_tree`; a run that could not finish is a value too. */
export type AgentTreeFacts =
  | {
      ok: true;
      axeVersion: string;
      violations: AgentTreeViolation[];
      /** Rules axe-core could not decide ("incomplete"): they never fail, as in Lighthouse; duplicate-id-aria always lands here. */
      review: string[];
    }
  | { ok: false; message: string };

/** One violated rule, as Lighthouse lists it: its help text and its first offending node. */
export interface AgentTreeViolation {
  rule: string;
  help: string;
  /** How many nodes violate it. */
  nodes: number;
  /** axe's CSS selector of the first node. */
  selector: string;
  /** The first node's opening tag, cut short. */
  snippet: string;
}

/** Whatever ended the head early: an element the head cannot hold, or non-blank text. */
export interface HeadEnd {
  /** Lower-case tag name, or "#text". */
  tag: string;
  /** For "#text": its first 40 characters, U+00A0 and U+FEFF spelled as escapes. */
  text: string | null;
  /** Whether it sits inside the source's <head> element (not before the head or after </head>). */
  inSourceHead: boolean;
  /** meta and link elements the source's <head> holds after it: body content to a browser and a search engine. */
  hidden: Element[];
}

export interface Verdict {
  passed: boolean;
  value: unknown;
  errors?: Record<string, unknown>;
  /** false when the check could not apply: it then passes and is left out of the score. */
  applicable?: boolean;
}

export interface Check {
  id: string;
  category: Category;
  importance: Importance;
  /** One line for the report page: what the check looks for and how to fix a failure. */
  title: string;
  fix: string;
  /**
   * false when the verdict comes only from the raw HTML, the headers or the site's facts: it is then whole even
   * on a page whose DOM was cut by the parse budget (see analysis/partial-read.ts). Every other check reads the DOM.
   */
  readsDom?: false;
  run(page: Page): Verdict;
}

export interface CheckResult {
  category: Category;
  importance: Importance;
  passed: boolean;
  value: unknown;
  errors?: Record<string, unknown>;
  /** Only on a check that could not apply to the page (it passed and was left out of the score). */
  applicable?: false;
}

export type Results = Record<string, CheckResult>;

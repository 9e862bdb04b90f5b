import type { Check, MarkdownFacts } from "../types";
import { fail, notApplicable, pass } from "../verdict";

const describe = (m: MarkdownFacts) => ({ via: m.via, url: m.url, status: m.status, content_type: m.contentType, vary_accept: m.varyAccept });

/**
 * The page offers agents a markdown version that works (docs/analysis.md): an advertised alternate must answer 2xx
 * `text/markdown`; a page whose answer varies on Accept is asked with `Accept: text/markdown`, and negotiation is
 * offered when that gets `text/markdown`, which must say `Vary: Accept` too. Markdown that is an HTML document fails
 * either way. Neither offered: not applicable.
 */
export const markdownForAgents: Check = {
  id: "markdown_for_agents",
  category: "ai",
  importance: "low",
  title: "AI agents can get the page as markdown",
  fix: "Answer requests with Accept: text/markdown with a markdown version of the page (Content-Type: text/markdown, and Vary: Accept on both answers so caches keep them apart), or link one with <link rel=\"alternate\" type=\"text/markdown\" href=\"/page.md\"> that answers 200 text/markdown. Markdown must be markdown, not the HTML page relabelled.",
  readsDom: false,
  run(page) {
    const m = page.fetch.markdown;
    if (m === undefined) return notApplicable({ reason: "The markdown version was not asked for in this audit." });
    if (m === null) return notApplicable({ offered: false, reason: "No markdown offered: no alternate link to text/markdown, and the page's answer does not vary on Accept." });
    const value = describe(m);
    if (m.via === "negotiation") {
      if (m.status !== null && m.status >= 500) return fail(value, { markdown_server_error: m.status });
      if (m.status === null || m.status > 299 || m.contentType !== "text/markdown") return notApplicable({ offered: false, ...value, ...(m.error && { error: m.error }) });
    } else {
      if (m.status === null) return fail(value, { markdown_unreachable: m.error ?? "no_answer" });
      if (m.status < 200 || m.status > 299) return fail(value, { markdown_status: m.status });
      if (m.contentType !== "text/markdown") return fail(value, { markdown_wrong_type: m.contentType ?? "none" });
    }
    if (m.error !== null) return fail(value, { markdown_unreachable: m.error });
    const errors = {
      ...(m.html && { html_as_markdown: true }),
      ...(m.via === "negotiation" && !m.varyAccept && { no_vary_accept: true }),
    };
    return Object.keys(errors).length === 0 ? pass(value) : fail(value, errors);
  },
};

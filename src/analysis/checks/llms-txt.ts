import { LLMS_TXT_MIN_LENGTH } from "../llms-txt";
import type { Check, LlmsTxtDigest } from "../types";
import { fail, notApplicable, pass } from "../verdict";

/** What llmstxt.org asks beyond Lighthouse's rule: reported in `value`, never failed. */
const llmstxtOrg = (d: LlmsTxtDigest) => ({
  h1_first_line: d.h1First,
  summary: d.summary,
  sections: d.sections,
  links: d.links,
  list_links: d.listLinks,
  optional_section: d.optional,
});

/**
 * Lighthouse 13.5's `llms-txt` audit (docs/analysis.md): 4xx not applicable; 5xx, no answer or a timeout fails;
 * a 2xx text passes with an H1 line, a markdown link and at least 50 characters.
 */
export const llmsTxt: Check = {
  id: "llms_txt",
  category: "ai",
  importance: "low",
  title: "/llms.txt gives AI agents a readable map of the site",
  fix: "Serve /llms.txt as plain markdown: a `# Site name` line, a `> one-line summary`, then `## Sections` listing `- [Page](https://...): what it holds`. If it fails with a 5xx or a timeout, fix the server or answer 404.",
  readsDom: false,
  run(page) {
    const llms = page.site.llms;
    if (!llms) return notApplicable("llms.txt was not fetched for this crawl");
    const { url, status, error, digest } = llms;
    if (error !== null) return fail({ url, status }, { llms_txt_unreachable: error });
    if (status === null) return fail({ url, status }, { llms_txt_unreachable: "no_answer" });
    if (status >= 500) return fail({ url, status }, { llms_txt_server_error: status });
    if (status >= 400) return notApplicable({ url, status, found: false });
    // 1xx, 304 and a redirect without Location: Lighthouse errors on a non-2xx status that is not 4xx/5xx.
    if (!digest) return fail({ url, status }, { llms_txt_no_content: status });
    const value = {
      url,
      status,
      length: digest.length,
      ...(digest.truncated && { truncated: true }),
      llmstxt_org: llmstxtOrg(digest),
    };
    const errors = {
      ...(!digest.hasH1 && { no_h1_line: true }),
      ...(!digest.hasLink && { no_markdown_link: true }),
      ...(digest.length < LLMS_TXT_MIN_LENGTH && { too_short: { length: digest.length, min: LLMS_TXT_MIN_LENGTH } }),
    };
    return Object.keys(errors).length === 0 ? pass(value) : fail(value, errors);
  },
};

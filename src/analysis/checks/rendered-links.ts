import { crawlableLinks } from "./render-signals";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { capList } from "./seo-helpers";
import { withRendering } from "./rendering-helpers";

/** The share of a rendered page's crawlable links that may exist only after script. */
export const MAX_SCRIPT_ONLY_LINK_SHARE = 0.1;

export const renderedLinks: Check = {
  id: "rendered_links",
  category: "rendering",
  importance: "medium",
  title: "Links are in the HTML as served, not only added by script",
  fix: "Put navigation and content links in the HTML the server sends as <a href> elements: crawlers that do not run script, and Google before it renders, see only those.",
  run(page) {
    return withRendering(page, ({ raw }) => {
      const inRaw = new Set(raw.links);
      const rendered = crawlableLinks(page);
      const scriptOnly = rendered.filter((link) => !inRaw.has(link));
      const value = capList(scriptOnly);
      if (scriptOnly.length <= rendered.length * MAX_SCRIPT_ONLY_LINK_SHARE) return pass(value);
      const percent = Math.round((100 * scriptOnly.length) / rendered.length);
      return fail(value, { script_only_links: { count: scriptOnly.length, of: rendered.length, percent } });
    });
  },
};

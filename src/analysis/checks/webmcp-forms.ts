import type { Check } from "../types";
import { notApplicable, pass } from "../verdict";

const MAX_LISTED = 20;
const SNIPPET_MAX = 120;

/** A form's opening tag, short: what the report shows to point at it. */
function openingTag(form: Element): string {
  const attributes = [...form.attributes].map((a) => `${a.name}="${a.value}"`);
  const tag = `<form${attributes.length > 0 ? ` ${attributes.join(" ")}` : ""}>`;
  return tag.length > SNIPPET_MAX ? `${tag.slice(0, SNIPPET_MAX - 1)}…` : tag;
}

/**
 * Lighthouse 13.5's `webmcp-form-coverage`, informative: a form is missing WebMCP's declarative annotations when it
 * has neither a non-empty `toolname` nor a non-empty `tooldescription`. It never fails; no form, not applicable.
 */
export const webmcpForms: Check = {
  id: "webmcp_forms",
  category: "ai",
  importance: "low",
  title: "Forms declare themselves to AI agents as WebMCP tools",
  fix: "Add toolname and tooldescription attributes to each form an agent may fill in (WebMCP), e.g. <form toolname=\"search_products\" tooldescription=\"Search the catalogue by keyword\">, so agents can call it as a tool.",
  run(page) {
    const forms = page.byTag.get("form") ?? [];
    if (forms.length === 0) return notApplicable({ forms: 0 });
    const missing = forms.filter((form) => !form.getAttribute("toolname") && !form.getAttribute("tooldescription"));
    return pass({ forms: forms.length, without_annotations: missing.length, listed: missing.slice(0, MAX_LISTED).map(openingTag) });
  },
};

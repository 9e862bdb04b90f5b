import { tags } from "../parse";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { shortUrl } from "./resource-urls";
import { capList } from "./seo-helpers";

/** HTML's rule: no type, an empty one, a JavaScript MIME type or "module" runs; anything else is a data block. */
function isRunnable(type: string): boolean {
  const t = type.trim().toLowerCase();
  return t === "" || t === "module" || /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|^text\/(?:jscript|livescript)/.test(t);
}

export const deferJavascript: Check = {
  id: "defer_javascript",
  category: "performance",
  importance: "low",
  title: "External scripts do not block rendering",
  fix: 'Add defer (or async for independent scripts) to each <script src>, or load it as type="module".',
  run(page) {
    const scripts = tags(page, "script").filter(
      (s) => (s.getAttribute("src") ?? "").trim() !== "" && isRunnable(s.getAttribute("type") ?? ""),
    );
    // Not applicable, like image_format: with no external script there is nothing to defer.
    if (scripts.length === 0) return notApplicable("no external scripts");
    const blocking = scripts
      .filter((s) => !s.hasAttribute("defer") && !s.hasAttribute("async") && (s.getAttribute("type") ?? "").trim().toLowerCase() !== "module")
      .map((s) => shortUrl((s.getAttribute("src") ?? "").trim()));
    const value = { scripts: scripts.length, blocking: blocking.length };
    if (blocking.length === 0) return pass(value);
    return fail(value, { render_blocking: capList(blocking) });
  },
};

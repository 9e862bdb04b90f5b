import { noindexSignal } from "./render-signals";
import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { withRendering } from "./rendering-helpers";

/** Google does not render a page whose raw HTML says noindex, so a script that removes it is never seen. */
export const renderedRobots: Check = {
  id: "rendered_robots",
  category: "rendering",
  importance: "high",
  title: "Script does not add or remove noindex",
  fix: "Decide indexing in the HTML the server sends: Google skips rendering a page whose raw HTML says noindex, and a noindex added by script can drop a page you want found.",
  run(page) {
    return withRendering(page, ({ raw }) => {
      const rendered = noindexSignal(page);
      const value = { raw_noindex: raw.noindex, rendered_noindex: rendered };
      if (raw.noindex && !rendered) return fail(value, { noindex_removed_by_script: true });
      if (!raw.noindex && rendered) return fail(value, { noindex_added_by_script: true });
      return pass(value);
    });
  },
};

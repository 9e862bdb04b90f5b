import type { Check } from "../types";
import { fail, pass } from "../verdict";
import { metaByKey } from "./misc-helpers";

export const twitterCard: Check = {
  id: "twitter_card",
  category: "miscellaneous",
  importance: "low",
  title: "A twitter:card meta tag picks the link preview on X",
  fix: 'Add <meta name="twitter:card" content="summary_large_image"> (or "summary") to the <head>.',
  run(page) {
    const card = metaByKey(page).get("twitter:card");
    if (card === undefined) return fail(null, { missing: true });
    return card === "" ? fail(card, { empty: true }) : pass(card);
  },
};

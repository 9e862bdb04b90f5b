import { robotsAvailability, robotsLines } from "../robots";
import type { Check } from "../types";
import { fail, notApplicable, pass } from "../verdict";
import { distinct } from "./misc-helpers";

export const sitemap: Check = {
  id: "sitemap",
  category: "miscellaneous",
  importance: "low",
  title: "robots.txt names a sitemap",
  fix: "Add a line such as `Sitemap: https://example.com/sitemap.xml` to robots.txt.",
  readsDom: false,
  run(page) {
    const { robots } = page.site;
    // Without a readable robots.txt there is nowhere to look; robots_txt_valid already reports a 5xx.
    const availability = robotsAvailability(robots);
    if (availability !== "available" || robots.body === null) {
      return notApplicable(availability === "unreachable" ? "robots.txt could not be read" : "no robots.txt");
    }
    const urls = robotsLines(robots.body)
      .filter((line) => line.key === "sitemap" && line.value !== "")
      .map((line) => line.value);
    return urls.length > 0 ? pass(distinct(urls)) : fail([], { missing: true });
  },
};

import { beforeAll, describe, expect, it } from "vitest";
import { call, createCaller, type Caller } from "../../helpers/api";
import { asHtml } from "../../helpers/html";
import { audit, reaudit, steer, watchedPage } from "../../helpers/watched-site";

const reportPage = async (id: number) => {
  const res = await call(`/reports/${id}`, { headers: { Accept: "text/html" } });
  expect(res.status).toBe(200);
  return res.text;
};

/** The timeline's entries in page order, as plain text. */
const entries = (html: string) =>
  [...(html.match(/<section class="history changes"[\s\S]*?<\/section>/)?.[0] ?? "").matchAll(/<li class="change-(\w+)">([\s\S]*?)<\/li>/g)].map(
    ([, severity, item]) => ({ severity, text: item!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim() }),
  );

describe("the report page's change timeline, through the real queue", () => {
  let caller: Caller;
  let id: number;
  let firstGeneration: string;

  beforeAll(async () => {
    caller = await createCaller("change-timeline");
    const page = watchedPage("timeline");
    id = await audit(caller, page.url);
    firstGeneration = await reportPage(id);
    await steer(page.name, { title: "A <new> title & more" });
    await reaudit(caller, id);
    await steer(page.name, { title: "A <new> title & more", robots: "noindex" });
    await reaudit(caller, id);
  }, 90_000);

  it("shows nothing after the first generation: it has nothing to compare with", () => {
    expect(firstGeneration).not.toContain("What changed");
    expect(entries(firstGeneration)).toEqual([]);
  });

  it("lists the changes newest first, severity in words, before and after (escaped)", async () => {
    const html = await reportPage(id);
    expect(html).toContain('<h2 id="changes-heading">What changed</h2>');
    const items = entries(html);
    expect(items.map((item) => item.severity)).toEqual(["critical", "warning"]);
    expect(items[0]!.text).toMatch(/^Critical · Indexable · .+ indexable → not indexable: noindex in meta robots$/);
    expect(items[1]!.text).toMatch(new RegExp(`^Warning · Title · .+ A watched page for the change log → ${asHtml("A <new> title & more")}$`));
    // The page's text is escaped, never markup of its own.
    expect(html).not.toContain("<new>");
  });
});

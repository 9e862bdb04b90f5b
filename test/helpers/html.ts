import { expect } from "vitest";

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&#39;", '"': "&quot;" };

/** Text as the pages' JSX writes it, to find a registry's words in the HTML. */
export const asHtml = (text: string) => text.replace(/[&<>'"]/g, (ch) => entities[ch]!);

/** The visually hidden table of a chart in an HTML page, the one whose caption is `caption`, as [label, value] pairs. */
export function chartTable(html: string, caption: string): [string, string][] {
  const start = html.indexOf(`<caption>${caption}</caption>`);
  expect(start, caption).toBeGreaterThan(-1);
  const body = html.slice(start, html.indexOf("</table>", start));
  return [...body.matchAll(/<th scope="row">([^<]*)<\/th><td>([^<]*)<\/td>/g)].map((m) => [m[1]!, m[2]!]);
}

/**
 * One item written as plain data ({"@type": ..., property: value}) and rendered in each syntax the analysis reads,
 * so a table of fixtures covers JSON-LD, Microdata and RDFa alike.
 */
export type Syntax = "json-ld" | "microdata" | "rdfa";
export type Data = { "@type": string | string[]; "@id"?: string; [property: string]: unknown };

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const typesOf = (data: Data) => (Array.isArray(data["@type"]) ? data["@type"] : [data["@type"]]);
const isItem = (value: unknown): value is Data => typeof value === "object" && value !== null && !Array.isArray(value) && "@type" in value;
const entries = (data: Data) => Object.entries(data).filter(([key]) => !key.startsWith("@"));
const each = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function microdata(data: Data, property?: string): string {
  const inner = entries(data)
    .flatMap(([key, value]) => each(value).map((v) => (isItem(v) ? microdata(v, key) : `<meta itemprop="${key}" content="${escape(String(v))}">`)))
    .join("");
  const id = data["@id"] ? ` itemid="${escape(data["@id"])}"` : "";
  const types = typesOf(data).map((t) => `https://schema.org/${t}`).join(" ");
  return `<div${property ? ` itemprop="${property}"` : ""} itemscope itemtype="${types}"${id}>${inner}</div>`;
}

function rdfa(data: Data, property?: string): string {
  const inner = entries(data)
    .flatMap(([key, value]) => each(value).map((v) => (isItem(v) ? rdfa(v, key) : `<meta property="${key}" content="${escape(String(v))}">`)))
    .join("");
  const id = data["@id"] ? ` resource="${escape(data["@id"])}"` : "";
  return `<div${property ? ` property="${property}"` : ' vocab="https://schema.org/"'} typeof="${typesOf(data).join(" ")}"${id}>${inner}</div>`;
}

/** The item as a whole page body in the given syntax. */
export function markup(syntax: Syntax, data: Data): string {
  if (syntax === "microdata") return microdata(data);
  if (syntax === "rdfa") return rdfa(data);
  return `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", ...data })}</script>`;
}

/** The same data without one top-level property. */
export const without = (data: Data, property: string): Data => Object.fromEntries(Object.entries(data).filter(([key]) => key !== property)) as Data;

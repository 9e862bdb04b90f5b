// Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab/newline/return, lone surrogates, U+FFFE/U+FFFF.
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text safe inside an element or a double- or single-quoted attribute. */
export const escapeXml = (text: string) => text.replace(forbidden, "\uFFFD").replace(/[&<>"']/g, (c) => entities[c]!);

/** `<name a="1">children</name>`, attributes escaped; children are already XML. */
export function element(name: string, attributes: Record<string, string | number>, children?: string): string {
  const attrs = Object.entries(attributes).map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`).join("");
  return children === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${children}</${name}>`;
}

import { expect } from "vitest";

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") record.push(field), (field = "");
    else if (ch === "\r" && text[i + 1] === "\n") record.push(field), records.push(record), (record = []), (field = ""), i++;
    else field += ch;
  }
  expect(field === "" && record.length === 0, "the last record ends with CRLF").toBe(true);
  return records;
}

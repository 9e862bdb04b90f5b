/**
 * CSV exports: RFC 4180 text streamed from keyset-paged queries, so an export of any size holds one page of rows
 * in memory at a time. Generic over the row: each export names its columns and how to fetch the page after a row.
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); tab and carriage return
// are on OWASP's list too. A leading quote makes the cell text.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for null, `'`-prefixed if it would start a formula, quoted (quotes doubled) where RFC 4180 says. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(",")}\r\n`;

export interface KeysetExport<Row> {
  columns: CsvColumn<Row>[];
  /** The rows after `after` (the last row of the previous page; undefined for the first page), at most `limit`. */
  nextPage: (after: Row | undefined, limit: number) => Promise<Row[]>;
  pageSize?: number;
}

/** The header, then every row, one page per pull: the reader's pace decides how fast D1 is read. */
export function csvStream<Row>({ columns, nextPage, pageSize = 500 }: KeysetExport<Row>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let last: Row | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvLine(columns.map((c) => c.header))));
      },
      async pull(controller) {
        const rows = await nextPage(last, pageSize);
        if (rows.length > 0) {
          last = rows[rows.length - 1];
          controller.enqueue(encoder.encode(rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join("")));
        }
        if (rows.length < pageSize) controller.close();
      },
    },
    // One page waits at most: the next is read when the client has taken this one.
    { highWaterMark: 1 },
  );
}

export const csvResponse = (body: ReadableStream<Uint8Array>, filename: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });

/** `format=csv`, or no format and an Accept header that asks for text/csv. */
export const wantsCsv = (format: string | undefined, accept: string | undefined) =>
  format === undefined ? /(^|,)\s*text\/csv\s*(;|,|$)/i.test(accept ?? "") : format === "csv";

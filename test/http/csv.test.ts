import { describe, expect, it } from "vitest";
import { csvCell, csvLine, csvResponse, csvStream, wantsCsv } from "../../src/http/csv";

describe("CSV exports", () => {
  it("writes cells as RFC 4180 says, empty for null, and never as a formula", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(false)).toBe("false");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}SUM(A1)`)).toMatch(/^"?'/);
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });

  it("streams the header, then every page the keyset query gives, until a short page", async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
    const asked: (number | undefined)[] = [];
    const stream = csvStream<{ id: number }>({
      columns: [{ header: "id", value: (r) => r.id }],
      pageSize: 2,
      nextPage: async (after, limit) => {
        asked.push(after?.id);
        return rows.filter((r) => r.id > (after?.id ?? 0)).slice(0, limit);
      },
    });
    expect(await new Response(stream).text()).toBe("id\r\n1\r\n2\r\n3\r\n4\r\n5\r\n");
    expect(asked).toEqual([undefined, 2, 4]);
  });

  it("answers as a download that is not cached", () => {
    const res = csvResponse(new Response("x").body!, "reports.csv");
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="reports.csv"');
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });

  it("is chosen by format=csv, or without a format by an Accept that asks for text/csv", () => {
    expect(wantsCsv("csv", undefined)).toBe(true);
    expect(wantsCsv("json", "text/csv")).toBe(false);
    expect(wantsCsv(undefined, "application/json, text/csv;q=0.9")).toBe(true);
    expect(wantsCsv(undefined, "text/csvx")).toBe(false);
    expect(wantsCsv(undefined, undefined)).toBe(false);
  });
});

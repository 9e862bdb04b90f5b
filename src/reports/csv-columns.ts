import type { CsvColumn } from "../http/csv";
import type { Report } from "../db/schema";

type Verdict = Pick<Report, "status" | "score" | "result" | "issuesHigh" | "issuesMedium" | "issuesLow">;
type NullableVerdict = { [K in keyof Verdict]: Verdict[K] | null };

/** A report's verdict as CSV cells, in the same order wherever a report's row is exported (reports, crawl pages). */
export const verdictColumns = <Row extends NullableVerdict>(): CsvColumn<Row>[] => [
  { header: "status", value: (r) => r.status },
  { header: "score", value: (r) => r.score },
  { header: "result", value: (r) => r.result },
  { header: "issues_high", value: (r) => r.issuesHigh },
  { header: "issues_medium", value: (r) => r.issuesMedium },
  { header: "issues_low", value: (r) => r.issuesLow },
];

import type { ChangeRow } from "../db/schema";

export const toChangeResource = (row: ChangeRow) => ({
  id: row.id,
  report: row.reportId,
  project: row.project,
  field: row.field,
  before: row.before,
  after: row.after,
  severity: row.severity,
  generation: row.generation,
  detected_at: row.createdAt,
});

import { z } from "zod";
import { findWhereItIs } from "../db/request-session";
import { changeFields, changeSeverities } from "../db/schema";
import { changeResource } from "../history/change-schemas";
import { findProject, listChanges, type ChangeLog } from "../history/list-changes";
import { findReportId } from "../history/list-history";
import { toChangeResource } from "../history/serialize-change";
import { ApiError, notFound } from "../http/errors";
import { oneOf } from "../http/list-params";
import { idOf, page, pageFields, pageOf, perPage } from "./arguments";
import { defineTool } from "./tool";

const listChangesTool = defineTool({
  name: "list_changes",
  title: "What changed on a page or a site",
  description:
    "What changed between audits, newest first: a page's title, meta description, H1, canonical, robots/indexability, " +
    "status code, redirect target, hreflang, structured-data types, word count and text, and a watched project's " +
    "robots.txt, each with before, after and a severity (critical, warning, info). Give `report` (a report id) for one " +
    "page, or `project` (the host, as list_reports shows it) for every page of a site. Use it when the user asks what " +
    "changed, why a page dropped out of search, or what a deploy broke. Not for the checks a page fails now: use get_report.",
  input: z
    .object({
      report: idOf("report").optional(),
      project: z.string({ error: "The project field must be a host name." }).min(1).max(255).optional(),
      severity: oneOf("severity", changeSeverities).optional().describe("That severity and above."),
      field: oneOf("field", changeFields).optional(),
      page,
      per_page: perPage,
    }),
  output: pageOf("changes", changeResource),
  annotations: { readOnlyHint: true },
  async run({ report, project, severity, field, page, per_page }, ctx) {
    if ((report === undefined) === (project === undefined)) {
      throw new ApiError(422, "Give either report or project.", { report: ["Give either report or project."] });
    }
    let log: ChangeLog;
    let db = ctx.db;
    if (report !== undefined) {
      const found = (await findWhereItIs(ctx.session, (d) => findReportId(d, ctx.accountId, report))) ?? notFound();
      log = { reportId: found.found.id };
      db = found.db;
    } else {
      const found = (await findProject(ctx.db, ctx.accountId, project!)) ?? notFound();
      log = { accountId: ctx.accountId, project: found.name };
    }
    const list = await listChanges(db, log, { page, per_page, severity, field, fields: undefined, format: undefined });
    const changes = list.rows.map(toChangeResource);
    const lines = changes.map((c) => `${c.severity} ${c.field}${c.report ? ` (report ${c.report})` : ""}: ${c.before ?? "(none)"} -> ${c.after ?? "(none)"}`);
    const subject = report !== undefined ? `Report ${report}` : `Project ${project}`;
    const text = `${subject}: ${list.total} change${list.total === 1 ? "" : "s"}${lines.length > 0 ? `\n${lines.join("\n")}` : ""}`;
    return { data: { changes, ...pageFields(list.total, list.page) }, text };
  },
});

export const changeTools = [listChangesTool];

import type { ChangeRow } from "../../db/schema";
import { formatUtc } from "./report-view";

/** Severity in words (and a class for its colour): the timeline never says it by colour alone. */
const severityWords = { critical: "Critical", warning: "Warning", info: "Info" } as const;

const fieldWords: Record<ChangeRow["field"], string> = {
  status_code: "Status code",
  final_url: "Redirect target",
  title: "Title",
  meta_description: "Meta description",
  h1: "H1",
  canonical: "Canonical",
  robots: "Robots directives",
  indexable: "Indexable",
  hreflang: "hreflang",
  structured_data_types: "Structured-data types",
  word_count: "Word count",
  content: "Text",
  robots_txt: "robots.txt",
};

const shown = (value: string | null) => (value === null || value === "" ? "(none)" : value);

/** The last changes of the page (docs/monitoring.md "Changes and alerts"), newest first, before and after. */
export const ChangeTimeline = ({ changes }: { changes: ChangeRow[] }) =>
  changes.length === 0 ? null : (
    <section class="history changes" aria-labelledby="changes-heading">
      <h2 id="changes-heading">What changed</h2>
      <ol>
        {changes.map((change) => (
          <li class={`change-${change.severity}`}>
            <strong>{severityWords[change.severity]}</strong> · {fieldWords[change.field]} · <time datetime={change.createdAt}>{formatUtc(change.createdAt)}</time>
            <br />
            <del>{shown(change.before)}</del> → <ins>{shown(change.after)}</ins>
          </li>
        ))}
      </ol>
    </section>
  );

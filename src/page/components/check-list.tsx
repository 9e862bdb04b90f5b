import type { CategorySection, CheckRow } from "../arrange-checks";
import { describeErrors, describeValue } from "../describe-result";

// A check that could not apply to the page passed only in the score's arithmetic: a neutral mark, as on the crawl page.
const marks = {
  na: { symbol: "–", words: "Not applicable: " },
  pass: { symbol: "✓", words: "Passed: " },
  fail: { symbol: "✗", words: "Failed: " },
};

const markOf = (row: CheckRow) => (!row.applicable ? "na" : row.passed ? "pass" : "fail");

function CheckItem({ row }: { row: CheckRow }) {
  const kind = markOf(row);
  const mark = marks[kind];
  return (
    <li class="check" id={`check-${row.id}`}>
      <span class={`mark mark-${kind}`} aria-hidden="true">
        {mark.symbol}
      </span>
      <div class="check-body">
        <h3>
          <span class="sr-only">{mark.words}</span>
          {row.title}
          <span class="tag">{row.importance}</span>
        </h3>
        <p>
          <span class="label">Found:</span> {describeValue(row.value)}
        </p>
        {!row.passed && row.errors && (
          <p>
            <span class="label">Problem:</span> {describeErrors(row.errors)}
          </p>
        )}
        {!row.passed && row.fix && (
          <p>
            <span class="label">Fix:</span> {row.fix}
          </p>
        )}
      </div>
    </li>
  );
}

export const CategoryList = ({ sections }: { sections: CategorySection[] }) => (
  <>
    {sections.map((section) => (
      <section class="category" aria-labelledby={`category-${section.category}`}>
        <h2 id={`category-${section.category}`}>
          {section.name}
          <small>
            {section.passed} of {section.rows.length} passed
          </small>
        </h2>
        <ul class="checks">
          {section.rows.map((row) => (
            <CheckItem row={row} />
          ))}
        </ul>
      </section>
    ))}
  </>
);

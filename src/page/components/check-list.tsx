import type { CategorySection, CheckRow } from "../arrange-checks";
import { describeErrors, describeValue } from "../describe-result";

const CheckItem = ({ row }: { row: CheckRow }) => (
  <li class="check" id={`check-${row.id}`}>
    <span class={row.passed ? "mark mark-pass" : "mark mark-fail"} aria-hidden="true">
      {row.passed ? "✓" : "✗"}
    </span>
    <div class="check-body">
      <h3>
        <span class="sr-only">{row.passed ? "Passed: " : "Failed: "}</span>
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

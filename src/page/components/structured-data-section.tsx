import type { Finding } from "../../analysis/structured-data/finding";
import type { ItemView, StructuredDataView } from "../structured-data-view";

const FindingLine = ({ finding }: { finding: Finding }) => (
  <li class={finding.level === "error" ? "sd-error" : "sd-warning"}>
    <span class="label">{finding.level === "error" ? "Error" : "Warning"}:</span> {finding.message}.{" "}
    <span class="muted">Fix: {finding.fix}</span>
  </li>
);

const Item = ({ item }: { item: ItemView }) => (
  <div class="sd-item">
    <p>
      <strong>{item.node.types.join(", ") || "(no type)"}</strong>
      {item.node.label && <> · {item.node.label}</>} <code>{item.node.at}</code>
    </p>
    {item.node.properties.length > 0 && <p class="muted">{item.node.properties.join(", ")}</p>}
    {item.findings.length > 0 && (
      <ul class="sd-findings">
        {item.findings.map((finding) => (
          <FindingLine finding={finding} />
        ))}
      </ul>
    )}
    {item.children.length > 0 && (
      <ul class="sd-tree">
        {item.children.map((child) => (
          <li>
            <span class="label">{child.property}</span>
            {child.item ? <Item item={child.item} /> : <> → <code>{child.ref}</code></>}
          </li>
        ))}
      </ul>
    )}
    {item.omitted > 0 && (
      <p class="muted">
        {item.omitted} more nested item{item.omitted === 1 ? "" : "s"} not shown.
      </p>
    )}
  </div>
);

/** The page's structured data as a tree, each problem beside its item: server-rendered, no script. */
export const StructuredDataSection = ({ view }: { view: StructuredDataView }) => (
  <section class="category" aria-labelledby="structured-data-heading">
    <h2 id="structured-data-heading">
      Structured data
      <small>
        {view.items} item{view.items === 1 ? "" : "s"}
        {view.release && <>, schema.org {view.release}</>}
      </small>
    </h2>
    {view.shown < view.items && (
      <p class="muted">
        The first {view.shown} of {view.items} items.
      </p>
    )}
    <ul class="sd-tree sd-top">
      {view.trees.map((item) => (
        <li>
          <Item item={item} />
        </li>
      ))}
    </ul>
    {view.elsewhere.length > 0 && (
      <ul class="sd-findings">
        {view.elsewhere.map((finding) => (
          <li class={finding.level === "error" ? "sd-error" : "sd-warning"}>
            <code>{finding.at}</code> {finding.message}. <span class="muted">Fix: {finding.fix}</span>
          </li>
        ))}
      </ul>
    )}
  </section>
);

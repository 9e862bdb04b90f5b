import { describe, expect, it } from "vitest";
import { graphOf, plain } from "../../helpers/item-graph";

describe("itemGraph on RDFa Lite", () => {
  it("reads RDFa Lite: vocab, typeof, property, resource, prefix, and nested items", () => {
    const graph = graphOf(`
      <div vocab="https://schema.org/" typeof="Event" resource="#ev">
        <span property="name">Concert</span>
        <time property="startDate" datetime="2025-06-01T20:00">June</time>
        <div property="location" typeof="Place"><span property="name">Hall</span></div>
        <a property="url" href="https://ev.test/">site</a>
      </div>
      <div prefix="s: https://schema.org/" typeof="s:Person"><span property="s:name">Ada</span><span property="foaf:nick">skipped</span></div>`);
    expect(graph.items.map((item) => plain(item))).toEqual([
      { types: ["Event"], id: "#ev", name: ["Concert"], startDate: ["2025-06-01T20:00"], location: [{ types: ["Place"], name: ["Hall"] }], url: ["https://ev.test/"] },
      { types: ["Person"], name: ["Ada"] },
    ]);
  });

});

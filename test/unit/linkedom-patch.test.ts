import { parseHTML } from "linkedom";
import { parseHTML as parseStock } from "linkedom-stock";
import { afterEach, describe, expect, it } from "vitest";

// patches/linkedom+<version>.patch makes linkedom's per-node event-listener Map lazy: stock linkedom allocates one
// in every node's constructor, half of its parse time. These tests fail when an upgrade drops the patch.

const html = '<!doctype html><html><head><title>t</title></head><body><div id="a"><p class="x">one <b>two</b></p></div></body></html>';
const realSet = WeakMap.prototype.set;

/** Counts the Maps stored in any WeakMap while `fn` runs: linkedom keeps each node's listener map in one. */
function listenerMapsMadeBy(fn: () => void): number {
  let maps = 0;
  WeakMap.prototype.set = function (this: WeakMap<object, unknown>, key: object, value: unknown) {
    if (value instanceof Map) maps++;
    return realSet.call(this, key, value);
  };
  try {
    fn();
  } finally {
    WeakMap.prototype.set = realSet;
  }
  return maps;
}

describe("the linkedom patch (lazy event-listener maps)", () => {
  afterEach(() => {
    WeakMap.prototype.set = realSet;
  });

  it("parses a page without making a listener map per node, where stock linkedom makes one for each", () => {
    expect(listenerMapsMadeBy(() => parseStock(html))).toBeGreaterThanOrEqual(10);
    expect(listenerMapsMadeBy(() => parseHTML(html))).toBe(0);
  });

  it("makes the map at the first addEventListener, and events still dispatch, bubble, run once and unsubscribe", () => {
    const { document } = parseHTML(html);
    const p = document.querySelector("p")!;
    const div = document.querySelector("div")!;
    const seen: string[] = [];
    const onP = (e: Event) => seen.push(`p:${e.type}`);
    expect(listenerMapsMadeBy(() => p.addEventListener("ping", onP))).toBe(1);
    div.addEventListener("ping", (e: Event) => seen.push(`div:${(e.target as Element).localName}`));
    p.addEventListener("once", () => seen.push("once"), { once: true });

    p.dispatchEvent(new document.defaultView.Event("ping", { bubbles: true }));
    p.dispatchEvent(new document.defaultView.Event("once"));
    p.dispatchEvent(new document.defaultView.Event("once"));
    p.removeEventListener("ping", onP);
    p.dispatchEvent(new document.defaultView.Event("ping", { bubbles: true }));
    expect(seen).toEqual(["p:ping", "div:p", "once", "div:p"]);
  });

  it("lets a node that never had a listener dispatch and remove listeners without throwing", () => {
    const { document } = parseHTML(html);
    const b = document.querySelector("b")!;
    expect(() => b.removeEventListener("click", () => {})).not.toThrow();
    expect(b.dispatchEvent(new document.defaultView.Event("click", { bubbles: true }))).toBe(true);
  });
});

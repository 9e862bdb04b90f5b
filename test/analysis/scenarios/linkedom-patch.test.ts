import { parseHTML } from "linkedom";
import { parseHTML as parseStock } from "linkedom-stock";
import { afterEach, describe, expect, it } from "vitest";

// patches/linkedom+<version>.patch makes two things lazy that stock linkedom builds for every node it parses: the
// event-listener Map (made in every node's constructor, half of its parse time) and the classList of every
// element with a class. These tests fail when an upgrade drops the patch.

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
    const { document, window } = parseHTML(html);
    const p = document.querySelector("p")!;
    const div = document.querySelector("div")!;
    const seen: string[] = [];
    const onP = (e: Event) => seen.push(`p:${e.type}`);
    expect(listenerMapsMadeBy(() => p.addEventListener("ping", onP))).toBe(1);
    div.addEventListener("ping", (e: Event) => seen.push(`div:${(e.target as Element).localName}`));
    p.addEventListener("once", () => seen.push("once"), { once: true });

    p.dispatchEvent(new window.Event("ping", { bubbles: true }));
    p.dispatchEvent(new window.Event("once"));
    p.dispatchEvent(new window.Event("once"));
    p.removeEventListener("ping", onP);
    p.dispatchEvent(new window.Event("ping", { bubbles: true }));
    expect(seen).toEqual(["p:ping", "div:p", "once", "div:p"]);
  });

  it("lets a node that never had a listener dispatch and remove listeners without throwing", () => {
    const { document, window } = parseHTML(html);
    const b = document.querySelector("b")!;
    expect(() => b.removeEventListener("click", () => {})).not.toThrow();
    expect(b.dispatchEvent(new window.Event("click", { bubbles: true }))).toBe(true);
  });

  it("parses class attributes without building a classList, which still reads and writes as before", () => {
    const page = '<p class="  lead  intro lead">x</p><p>y</p>';
    const classListOf = (el: Element) => {
      const symbol = Object.getOwnPropertySymbols(el).find((s) => s.description === "classList")!;
      return (el as unknown as Record<symbol, unknown>)[symbol];
    };
    const stockP = parseStock(page).document.querySelector("p")!;
    expect(classListOf(stockP)).not.toBeNull();

    const { document } = parseHTML(page);
    const [p, plain] = [...document.querySelectorAll("p")].map((el) => el as Element) as [Element, Element];
    expect(classListOf(p)).toBeNull();
    expect(p.getAttribute("class")).toBe(stockP.getAttribute("class"));
    expect(p.getAttribute("class")).toBe("lead intro");
    expect(p.classList.contains("intro")).toBe(true);
    p.classList.add("more");
    expect(p.getAttribute("class")).toBe("lead intro more");
    expect(document.querySelectorAll(".intro").length).toBe(1);
    expect(plain.hasAttribute("class")).toBe(false);
  });
});

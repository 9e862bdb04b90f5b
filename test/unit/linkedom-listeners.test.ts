import { EventTarget, parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import "../../src/analysis/parse";
import { makePage } from "../helpers/page";

/** linkedom's Node class: the one in a document's prototype chain that extends EventTarget (directly or, once re-based, not). */
function nodeClass() {
  const { document } = parseHTML("<p></p>");
  const text = document.createTextNode("x");
  let proto = Object.getPrototypeOf(text);
  while (Object.getPrototypeOf(proto) !== EventTarget.prototype) proto = Object.getPrototypeOf(proto);
  return proto.constructor as Function;
}

describe("linkedom without a listener Map per node", () => {
  it("re-bases linkedom's Node off EventTarget's constructor once parse.ts is loaded", () => {
    // A linkedom upgrade that moves the constructor would show here rather than as a silent 2x DOM.
    expect(Object.getPrototypeOf(nodeClass())).not.toBe(EventTarget);
    expect(nodeClass().name).toBe("Node");
  });

  it("still parses, reads event-handler attributes and accepts handler properties", () => {
    const page = makePage(`<html><body><button onclick="go()">Go</button><a href="/x" onmouseover="hint()">x</a></body></html>`);
    const button = page.document.querySelector("button")!;
    expect(button.getAttribute("onclick")).toBe("go()");
    expect(() => {
      (button as unknown as { onclick: unknown }).onclick = () => undefined;
      button.addEventListener("click", () => undefined);
      button.removeEventListener("click", () => undefined);
    }).not.toThrow();
    expect(page.elements.map((e) => e.localName)).toEqual(expect.arrayContaining(["html", "body", "button", "a"]));
  });
});

/** How far up an element's location is written: enough to find it in the source, short enough to read. */
const MAX_STEPS = 5;

function step(el: Element): string {
  const tag = el.localName.toLowerCase();
  const id = el.getAttribute("id");
  if (id) return `${tag}#${id}`;
  const parent = el.parentElement;
  if (!parent) return tag;
  const same = [...parent.children].filter((sibling) => sibling.localName.toLowerCase() === tag);
  return same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(el) + 1})` : tag;
}

/** A CSS selector for the element, from its nearest ancestor with an id (or at most five steps up). */
export function elementLocation(el: Element): string {
  const steps: string[] = [];
  let current: Element | null = el;
  while (current && steps.length < MAX_STEPS) {
    const text = step(current);
    steps.unshift(text);
    const tag = current.localName.toLowerCase();
    if (text.includes("#") || tag === "body" || tag === "head") break;
    current = current.parentElement;
  }
  return steps.join(" > ");
}

import { EventTarget as LinkedomEventTarget, parseHTML } from "linkedom";

/**
 * linkedom's EventTarget constructor gives every node a Map of listeners, kept in a module-level WeakMap. A
 * page cut by the parse budget has ~300,000 nodes: as many Maps, and a WeakMap whose table V8 never shrinks
 * once the nodes die, so the isolate kept 16.8 MB of empty table for its whole life after one large page.
 * The analysis never listens to DOM events (no scripts run), so linkedom's Node is re-based onto a
 * constructor that allocates nothing, and adding or removing a listener does nothing.
 * Found by shape, like parse.ts's attribute walk: if linkedom changes, this leaves it as it is and says so.
 */
export function dropListenerMaps(): boolean {
  const { document } = parseHTML("<p></p>");
  let node: Function | undefined;
  for (let proto = Object.getPrototypeOf(document); proto; proto = Object.getPrototypeOf(proto)) {
    if (Object.getPrototypeOf(proto.constructor) === LinkedomEventTarget) {
      node = proto.constructor;
      break;
    }
  }
  if (!node) return false;
  function NoListeners() {}
  NoListeners.prototype = LinkedomEventTarget.prototype;
  Object.setPrototypeOf(node, NoListeners);
  Object.assign(node.prototype, { addEventListener() {}, removeEventListener() {} });
  return true;
}

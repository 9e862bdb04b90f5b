/**
 * A small Chrome DevTools Protocol client over Node's built-in WebSocket (Node 22+): commands with ids, events by
 * name, and sessions of attached targets (flat mode). Enough for rendering one page per browser context.
 */

type Params = Record<string, unknown>;
type Handler = (params: Params, sessionId: string | undefined) => void;

export interface Cdp {
  send<T = Params>(method: string, params?: Params, sessionId?: string): Promise<T>;
  /** Subscribes to an event; the returned function unsubscribes. */
  on(event: string, handler: Handler): () => void;
  close(): void;
  /** Resolves when the socket closes (the browser went away). */
  closed: Promise<void>;
}

export async function connectCdp(url: string): Promise<Cdp> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`Cannot connect to the browser at ${url}.`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: Params) => void; reject: (error: Error) => void; method: string }>();
  const handlers = new Map<string, Set<Handler>>();
  const closed = new Promise<void>((resolve) =>
    socket.addEventListener("close", () => {
      for (const { reject, method } of pending.values()) reject(new Error(`The browser closed during ${method}.`));
      pending.clear();
      resolve();
    }),
  );
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; method?: string; params?: Params; result?: Params; error?: { message: string }; sessionId?: string };
    if (message.id !== undefined) {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) return;
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result ?? {});
      return;
    }
    if (message.method) for (const handler of handlers.get(message.method) ?? []) handler(message.params ?? {}, message.sessionId);
  });
  return {
    send<T>(method: string, params: Params = {}, sessionId?: string) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        if (socket.readyState !== WebSocket.OPEN) return reject(new Error(`The browser is gone (${method}).`));
        pending.set(id, { resolve: resolve as (value: Params) => void, reject, method });
        socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      });
    },
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler);
      return () => void set.delete(handler);
    },
    close: () => socket.close(),
    closed,
  };
}

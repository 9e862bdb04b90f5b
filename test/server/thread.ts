import { parentPort } from "node:worker_threads";
import { startServers } from "./servers";

/*
 * The local servers, in a worker thread of vitest's process (test/global-setup.ts starts it once): their answers then
 * wait for no stall of vitest's own event loop (transforming and serving modules to a starting workerd, reporting),
 * which held a page's headers up to 1.2 s and made the lanes' deadline tests miss on a loaded machine. Each project
 * asks for its own set (`{ start: id }`, answered with its origins) and closes it at its end (`{ close: id }`).
 */
const running = new Map<string, Awaited<ReturnType<typeof startServers>>>();
parentPort!.on("message", async (message: { start?: string; close?: string }) => {
  if (message.start !== undefined) {
    const servers = await startServers();
    running.set(message.start, servers);
    parentPort!.postMessage({ started: message.start, origins: servers.origins });
  }
  if (message.close !== undefined) {
    await running.get(message.close)?.close();
    running.delete(message.close);
    parentPort!.postMessage({ closed: message.close });
  }
});

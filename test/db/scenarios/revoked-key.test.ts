import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { directoryCache } from "../../../src/accounts/directory-cache";
import { BASE } from "../../helpers/api";
import { createCallerOn } from "../../helpers/shards";

/*
 * A revoked key with shards (docs/operations.md "Past one database", docs/decisions.md): keys are revoked in the
 * directory (`npm run key -- revoke`), which no isolate hears of, so an isolate that read the key keeps accepting it
 * until its entry of DIRECTORY_CACHE_SECONDS ends; an isolate without the entry refuses it at once. The window is
 * shrunk here through the setting (3 s), not slept through at its default.
 */

/** A list request of `key` through the Worker with shards, its directory cache kept for `cacheSeconds`. */
async function listWith(key: string, cacheSeconds: string) {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}/api/v1/reports`, { headers: { Authorization: `Bearer ${key}`, Accept: "application/json" } });
  const res = await worker.fetch(request, { ...env, DIRECTORY_CACHE_SECONDS: cacheSeconds } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res.status;
}

const revoke = (accountId: number) =>
  env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE account_id = ?").bind(new Date().toISOString(), accountId).run();

describe("a revoked key with shards", () => {
  it("is accepted by an isolate that cached it until DIRECTORY_CACHE_SECONDS ends, then refused with 401", async () => {
    const caller = await createCallerOn(1, "revoked-window");
    expect(await listWith(caller.key, "3")).toBe(200);
    // The entry was kept before this moment, so it ends by cachedAt + 3 s.
    const cachedAt = Date.now();
    await revoke(caller.accountId);
    // The window: this isolate answers from its entry, without reading the directory.
    expect(await listWith(caller.key, "3")).toBe(200);
    expect(Date.now() - cachedAt).toBeLessThan(3000);
    await new Promise((resolve) => setTimeout(resolve, 3000 - (Date.now() - cachedAt) + 50));
    expect(await listWith(caller.key, "3")).toBe(401);
    expect(await listWith(caller.key, "3")).toBe(401);
  });

  it("is refused at once by an isolate that had not cached it, and by every request with the cache off", async () => {
    const caller = await createCallerOn(2, "revoked-fresh");
    expect(await listWith(caller.key, "60")).toBe(200);
    await revoke(caller.accountId);
    // Another isolate: one without this key's entry (the cache of this one, emptied).
    directoryCache.clear();
    expect(await listWith(caller.key, "60")).toBe(401);
    const uncached = await createCallerOn(1, "revoked-uncached");
    expect(await listWith(uncached.key, "0")).toBe(200);
    await revoke(uncached.accountId);
    expect(await listWith(uncached.key, "0")).toBe(401);
  });
});

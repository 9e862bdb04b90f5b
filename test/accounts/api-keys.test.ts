import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { findCaller, generateApiKey, hashApiKey, touchApiKey } from "../../src/accounts/api-keys";
import { createDb } from "../../src/db/client";
import { createCaller } from "../helpers/api";

const db = () => createDb(env.DB);
const keyRow = (accountId: number) => env.DB.prepare("SELECT * FROM api_keys WHERE account_id = ?").bind(accountId).first<Record<string, any>>();

describe("API keys", () => {
  it("are pg_ and 32 random bytes in base64url; the prefix is their first 8 characters", () => {
    const { key, prefix } = generateApiKey();
    expect(key).toMatch(/^pg_[A-Za-z0-9_-]{43}$/);
    expect(prefix).toBe(key.slice(0, 8));
    expect(generateApiKey().key).not.toBe(key);
  });

  it("find their caller by the key's hash; a malformed, unknown or revoked key finds none", async () => {
    const caller = await createCaller("api-keys");
    const row = await keyRow(caller.accountId);
    expect(row!.hash).toBe(await hashApiKey(caller.key));
    expect(await findCaller(db(), `Bearer ${caller.key}`)).toEqual({ keyId: row!.id, accountId: caller.accountId });
    expect(await findCaller(db(), `bearer   ${caller.key}  `)).toMatchObject({ accountId: caller.accountId });
    expect(await findCaller(db(), caller.key)).toBeNull();
    expect(await findCaller(db(), `Bearer ${caller.key}x`)).toBeNull();
    expect(await findCaller(db(), `Bearer ${generateApiKey().key}`)).toBeNull();
    expect(await findCaller(db(), undefined)).toBeNull();
    await env.DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), row!.id).run();
    expect(await findCaller(db(), `Bearer ${caller.key}`)).toBeNull();
  });

  it("record their last use at most once a minute", async () => {
    const caller = await createCaller("api-keys-touch");
    const { id } = (await keyRow(caller.accountId))!;
    const first = new Date("2026-03-01T10:00:00.000Z");
    await touchApiKey(db(), id, first);
    await touchApiKey(db(), id, new Date(first.getTime() + 30_000));
    expect((await keyRow(caller.accountId))!.last_used_at).toBe(first.toISOString());
    const later = new Date(first.getTime() + 61_000);
    await touchApiKey(db(), id, later);
    expect((await keyRow(caller.accountId))!.last_used_at).toBe(later.toISOString());
  });
});

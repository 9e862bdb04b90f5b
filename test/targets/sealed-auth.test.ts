import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/http/errors";
import { failures } from "../../src/targets/failures";
import { authColumnsFor, noAuth, sealAuth, unsealCredentials } from "../../src/targets/sealed-auth";

const settings = { webhookEncryptionKey: "test-only sealed-auth key" };
const basic = { basic: { username: "ann", password: "s3cret-pw" } };

describe("logins sealed at rest", () => {
  it("seals the credentials with their origin; only the type and names stay in clear", async () => {
    const columns = await sealAuth(settings, 1, "https://site.example/private/page", basic);
    expect(columns.authSummary).toEqual({ type: "basic", names: ["Authorization"] });
    expect(columns.authSecret).not.toContain("s3cret-pw");
    expect(columns.authSecret).not.toContain("site.example");
    const credentials = await unsealCredentials(settings, 1, columns.authSecret);
    expect(credentials).toEqual({ origin: "https://site.example", headers: { authorization: `Basic ${btoa("ann:s3cret-pw")}` } });
  });

  it("opens only on a row of its own account", async () => {
    const { authSecret } = await sealAuth(settings, 1, "https://site.example/", { headers: { Cookie: "session=1" } });
    expect(await unsealCredentials(settings, 2, authSecret)).toEqual(failures.authUnavailable);
  });

  it("is a failure, not an audit without the login, when the key is missing or changed", async () => {
    const { authSecret } = await sealAuth(settings, 1, "https://site.example/", basic);
    expect(await unsealCredentials({ webhookEncryptionKey: undefined }, 1, authSecret)).toEqual(failures.authUnavailable);
    expect(await unsealCredentials({ webhookEncryptionKey: "another key" }, 1, authSecret)).toEqual(failures.authUnavailable);
    expect(await unsealCredentials(settings, 1, null)).toBeNull();
  });

  it("writes the columns a write asks for: unchanged, removed or replaced; a 503 without the key", async () => {
    expect(await authColumnsFor(settings, 1, "https://site.example/", undefined)).toBeUndefined();
    expect(await authColumnsFor(settings, 1, "https://site.example/", null)).toEqual(noAuth);
    expect((await authColumnsFor(settings, 1, "https://site.example/", basic))?.authSummary?.type).toBe("basic");
    const refused = await authColumnsFor({ webhookEncryptionKey: undefined }, 1, "https://site.example/", basic).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503 });
  });
});

// The field data source's own parts (its path through the queue is test/field/scenarios/crux-field-data.test.ts):
// what the cron tidies.
import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { dropStaleFieldData } from "../../src/field/field-data";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

it("the cron drops past minutes' counts every run, and answers past their day once an hour", async () => {
  const db = createDb(env.DB);
  const minute = Math.floor(now / 60_000);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO crux_queries (minute, used) VALUES (?, 5), (?, 7)").bind(minute - 10, minute),
    env.DB.prepare("INSERT INTO crux_records (target, form_factor, record, fetched_at) VALUES ('url:https://a.test/', 'PHONE', NULL, ?), ('url:https://b.test/', 'PHONE', NULL, ?)").bind(
      now - DAY - 60_000,
      now - 60_000,
    ),
  ]);
  const targets = async () => (await env.DB.prepare("SELECT target FROM crux_records ORDER BY target").all()).results.map((row) => row.target);
  await dropStaleFieldData(db, new Date("2026-11-27T23:05:00Z"));
  expect((await env.DB.prepare("SELECT minute FROM crux_queries").all()).results).toEqual([{ minute }]);
  expect(await targets()).toEqual(["url:https://a.test/", "url:https://b.test/"]);
  await dropStaleFieldData(db, new Date("2026-11-28T00:00:00Z"));
  expect(await targets()).toEqual(["url:https://b.test/"]);
});

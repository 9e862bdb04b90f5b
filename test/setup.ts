import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, inject } from "vitest";
import { shardDatabases, shardSequenceStatements } from "../src/db/shards";
import { emptyD1 } from "./helpers/empty-d1";

// Every shard the project binds (DB alone, or DB, DB_1, DB_2 in the "shards" project) gets every migration, and
// shard k's ids start in its range, as `npm run migrate` leaves them.
for (const [shard, db] of shardDatabases(env).entries()) {
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
  const seeds = shardSequenceStatements(shard);
  if (seeds.length > 0) await db.batch(seeds.map((sql) => db.prepare(sql)));
}

// A file that needs every row to be its own (vitest.config.ts `ownD1`) runs in a shared workerd after other files:
// it starts on an empty D1, as it would in a workerd of its own.
const file = expect.getState().testPath ?? "";
if ((inject("ownD1") ?? []).some((own) => file.endsWith(`/${own}`))) await emptyD1(env.DB);

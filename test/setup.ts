import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shardDatabases, shardSequenceStatements } from "../src/db/shards";

// Every shard the project binds (DB alone, or DB, DB_1, DB_2 in the "shards" project) gets every migration, and
// shard k's ids start in its range, as `npm run migrate` leaves them.
for (const [shard, db] of shardDatabases(env).entries()) {
  await applyD1Migrations(db, env.TEST_MIGRATIONS);
  const seeds = shardSequenceStatements(shard);
  if (seeds.length > 0) await db.batch(seeds.map((sql) => db.prepare(sql)));
}

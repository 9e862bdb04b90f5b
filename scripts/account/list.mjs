#!/usr/bin/env node
// npm run account -- list [--remote] [--shards N]: every account's id, name, shard, whether it is moving, its keys
// (from the directory) and its reports and crawls (counted on its shard).
import { d1, directory } from "./shared.mjs";
import { BASE_CONFIG, d1Bindings, shardOfBinding, writeShardsConfig } from "../shards.mjs";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const config = args.includes("--shards") ? writeShardsConfig(Number(args[args.indexOf("--shards") + 1])) : BASE_CONFIG;

const [accounts] = d1(
  "SELECT a.id, a.name, a.shard, a.moving_since, (SELECT count(*) FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL) AS keys FROM accounts a ORDER BY a.id",
  { remote, binding: directory(config), config },
);
const counts = new Map();
for (const binding of d1Bindings(config)) {
  const shard = shardOfBinding(binding);
  if (shard === undefined) continue;
  const [rows] = d1(
    "SELECT a.id, (SELECT count(*) FROM reports r WHERE r.account_id = a.id) AS reports, (SELECT count(*) FROM crawls c WHERE c.account_id = a.id) AS crawls FROM accounts a WHERE a.shard = " + shard,
    { remote, binding, config },
  );
  for (const row of rows) counts.set(`${shard}:${row.id}`, row);
}
console.table(
  accounts.map((a) => {
    const held = counts.get(`${a.shard}:${a.id}`);
    return { id: a.id, name: a.name, shard: a.shard, moving: a.moving_since ? `since ${a.moving_since}` : "", keys: a.keys, reports: held?.reports ?? 0, crawls: held?.crawls ?? 0 };
  }),
);

import { contractScenario } from "../../helpers/contract-scenario";
import { createCallerOn } from "../../helpers/shards";

/**
 * Every endpoint finds its rows on any shard: the API contract's whole scenario (reports, projects, webhooks and their
 * deliveries, a crawl with its pages and CSV, the HTML report and crawl pages, every error status, MCP) run for
 * accounts on shard 2, each answer equal to the one database's golden file once shard 2's id range is taken off.
 * One answer differs by design (test/fixtures/contract/sharded/): an unknown key's 401 carries no x-d1-bookmark, as
 * the key was looked for in the directory and no shard is the caller's (docs/operations.md "Past one database").
 */
contractScenario({
  createCaller: (name) => createCallerOn(2, name),
  golden: { dir: "../../fixtures/contract", idOffset: 2 * 2 ** 40, variant: { name: "sharded", answers: ["error-401-unknown-key"] } },
});

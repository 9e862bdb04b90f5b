import worker from "../src/index";
import { createQueueHandler } from "../src/queue/dispatch";
import { recordTally } from "./helpers/queue-tally";

/**
 * The Worker the tests run (vitest.config.ts `main`): src/index.ts as deployed, its queue() built with an observer of
 * the analysis batches' tallies, which src/index.ts builds without.
 */
export default { ...worker, queue: createQueueHandler({ onTally: recordTally }) } satisfies ExportedHandler<Env>;

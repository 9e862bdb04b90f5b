import { createCaller } from "../helpers/api";
import { contractScenario } from "../helpers/contract-scenario";

/**
 * The API's contract, byte for byte: one fixed scenario through the Worker (test/helpers/contract-scenario.ts), every
 * answer compared with its golden file in test/fixtures/contract/. A reshape that changes no behaviour changes no file
 * here. `npm exec -- vitest run --project workers test/http/api-contract.test.ts -u` rewrites them, for a change meant.
 */
contractScenario({ createCaller });

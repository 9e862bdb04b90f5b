/**
 * The `pagegrade` executable (dist/cli.js). It only turns on Node's compile cache (22.1+, a no-op before) and then
 * loads the bundled command (dist/cli-main.js): compiling that bundle is most of a short run's start-up otherwise.
 */
import module from "node:module";

module.enableCompileCache?.();
// A non-literal specifier: the bundler leaves it alone, so the cache is on before the bundle is compiled.
const main = "./cli-main.js";
await import(main);

// What the account subcommands share: SQL through wrangler, and the directory's binding.
export { d1, quote } from "../d1.mjs";
export { directoryBinding as directory } from "../key.mjs";

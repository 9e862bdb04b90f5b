// Build-time stand-in for the htmlparser2 entry (the `[alias]` of wrangler.toml): linkedom takes the module as a
// namespace (`import * as HTMLParser2`), which makes the bundler keep all of it, DomUtils and a second copy of the
// entities tables included, though only Parser is used. The path bypasses the package's exports map on purpose.
export { Parser } from "../../node_modules/htmlparser2/dist/esm/Parser.js";

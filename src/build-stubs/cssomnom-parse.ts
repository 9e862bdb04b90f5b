// Build-time stand-in for cssomnom/parse (the `[alias]` of wrangler.toml): linkedom imports it only for the
// `sheet` getter of <style> elements, which no check reads (inline_css reads the text). Keeps ~200 KiB of
// minified CSS parser out of the Worker. The package and the tests keep the real one.
export function parse(): never {
  throw new Error("cssomnom is not bundled in the pagegrade Worker: read a <style> element's text, not its sheet");
}

import type { CrawledPage } from "./crawl-site";
import { printable } from "./format-text";

/**
 * A crawl's progress on stderr (stdout holds only the result): one line rewritten in place on a terminal, else a
 * line per page, which a CI log keeps.
 */
export function progressReporter(stderr: { write(text: string): unknown; isTTY?: boolean }) {
  const tty = stderr.isTTY === true;
  let written = false;
  return {
    page(page: CrawledPage, done: number, known: number) {
      const status = page.state === "blocked" ? "blocked by robots.txt" : page.outcome?.ok ? `${page.outcome.score}/100` : `failed (${page.outcome?.code})`;
      // The URL is the site's text: no control characters reach the terminal.
      const line = `[${done}/${known}] ${printable(page.url)} ${status}`;
      written = true;
      stderr.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
    },
    done() {
      if (tty && written) stderr.write("\r\x1b[2K");
    },
  };
}

import { tags } from "../parse";
import type { Check } from "../types";
import { fail, pass } from "../verdict";

type Source = "meta_charset" | "meta_http_equiv" | "header";

const CHARSET_PARAM = /charset\s*=\s*["']?([^\s;"',]+)/i;

const charsetParam = (contentType: string | undefined | null): string | null => CHARSET_PARAM.exec(contentType ?? "")?.[1] ?? null;

export const charset: Check = {
  id: "charset",
  category: "miscellaneous",
  importance: "medium",
  title: "The page declares its character encoding",
  fix: 'Add <meta charset="utf-8"> as the first thing in the <head>, or send Content-Type: text/html; charset=utf-8.',
  run(page) {
    const found: { source: Source; charset: string }[] = [];
    const header = charsetParam(page.fetch.headers["content-type"]);
    if (header) found.push({ source: "header", charset: header });
    for (const meta of tags(page, "meta")) {
      const declared = (meta.getAttribute("charset") ?? "").trim();
      if (declared) found.push({ source: "meta_charset", charset: declared });
      if ((meta.getAttribute("http-equiv") ?? "").trim().toLowerCase() === "content-type") {
        const equiv = charsetParam(meta.getAttribute("content"));
        if (equiv) found.push({ source: "meta_http_equiv", charset: equiv });
      }
    }
    return found.length > 0 ? pass(found) : fail(found, { missing: true });
  },
};

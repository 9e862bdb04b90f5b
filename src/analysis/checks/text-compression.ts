import type { Check } from "../types";
import { fail, pass } from "../verdict";

const COMPRESSED = new Set(["gzip", "x-gzip", "br", "zstd"]);

export const textCompression: Check = {
  id: "text_compression",
  category: "performance",
  importance: "high",
  title: "The HTML is sent compressed (gzip, Brotli or Zstandard)",
  fix: "Turn on gzip, Brotli or Zstandard compression for HTML on the server or CDN.",
  readsDom: false,
  run(page) {
    const header = page.fetch.contentEncoding ?? page.fetch.headers["content-encoding"] ?? null;
    // Content-Encoding may list several codings in the order they were applied.
    const codings = (header ?? "").toLowerCase().split(",").map((c) => c.trim()).filter(Boolean);
    if (codings.some((c) => COMPRESSED.has(c))) return pass(header);
    return fail(header, header ? { unsupported_encoding: header } : { not_compressed: true });
  },
};

import type { ServerResponse } from "node:http";
import type { Route } from "./routes";

/**
 * Pages of known loading behaviour for the lab metrics (docs/analysis.md "Page experience"), all under /experience/:
 * shared by the Worker's rendering tests and the Lighthouse comparison. `expect` is each metric's rating on desktop,
 * unthrottled (what Lighthouse `--preset=desktop --throttling-method=provided` measures and the comparison checks).
 */

type Rating = "good" | "needs_improvement" | "poor";
export interface ExperiencePage {
  expect: { lcp: Rating; cls: Rating; tbt: Rating };
  /** Lighthouse's selector of the LCP element. */
  lcpSelector: string;
}

const TEXT =
  "Our shop sells walking shoes for every season, made from leather and recycled canvas, and repairs them for free for two years. ";
const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `<p>${TEXT.repeat(3)}(${i + 1})</p>`).join("\n");

const page = (title: string, body: string, head = "") =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${title}</title>\n<meta name="description" content="A page of known loading behaviour, for the lab metrics of a rendered audit.">\n<style>body{font:16px/1.5 sans-serif;margin:0 auto;max-width:1200px}img{max-width:100%;display:block}</style>\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;

/**
 * An SVG of the given intrinsic size (LCP counts an image at the smaller of its shown and intrinsic sizes), drawn with
 * enough shapes to weigh over 0.05 bits per pixel: Chrome leaves lighter ("low-entropy") images out of LCP.
 */
function svg(width: number, height: number) {
  let seed = width * 31 + height;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const shapes = Array.from({ length: Math.ceil((width * height) / 1500) }, () => {
    const [x, y, w, h] = [next() * width, next() * height, 4 + next() * 60, 4 + next() * 60].map(Math.round);
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#${Math.floor(next() * 0xffffff).toString(16).padStart(6, "0")}"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#2a7"/>${shapes.join("")}</svg>`;
}

export const experiencePages: Record<string, ExperiencePage> = {
  // The hero image (the largest element) arrives after 2.8 s: LCP about 3 s.
  "late-hero": { expect: { lcp: "needs_improvement", cls: "good", tbt: "good" }, lcpSelector: "body > main > img#hero" },
  // A banner image without dimensions arrives after 1 s above the text and pushes all of it down.
  "late-banner": { expect: { lcp: "good", cls: "poor", tbt: "good" }, lcpSelector: "body > main > img#banner" },
  // A 900 ms task just after load.
  "long-task": { expect: { lcp: "good", cls: "good", tbt: "poor" }, lcpSelector: "body > main > p" },
  // Text only, nothing late.
  fast: { expect: { lcp: "good", cls: "good", tbt: "good" }, lcpSelector: "body > main > p" },
};

const bodies: Record<string, string> = {
  "late-hero": `<main><h1>New walking shoes</h1><img id="hero" src="/experience/image.svg?w=1200&h=700&delay=2800" width="1200" height="700" alt="Our new walking shoes"><p>${TEXT}</p></main>`,
  "late-banner": `<main><img id="banner" src="/experience/image.svg?w=1200&h=600&delay=1000" alt="Summer sale"><h1>Walking shoes</h1>\n${paragraphs(8)}</main>`,
  "long-task": `<main><h1>Walking shoes</h1>\n${paragraphs(2)}</main><script>addEventListener("load", () => setTimeout(() => { const end = performance.now() + 900; while (performance.now() < end); }, 300));</script>`,
  fast: `<main><h1>Walking shoes</h1>\n${paragraphs(2)}</main>`,
};

const send = (res: ServerResponse, body: string, type: string) => {
  res.setHeader("content-type", type);
  res.setHeader("cache-control", "no-store");
  res.end(body);
};

export const experienceRoutes: [string, Route][] = [
  [
    "/experience/image.svg",
    (req, res) => {
      const query = new URL(req.url ?? "/", "http://x").searchParams;
      const delay = Math.min(Number(query.get("delay")) || 0, 10_000);
      const body = svg(Math.min(Number(query.get("w")) || 100, 2000), Math.min(Number(query.get("h")) || 100, 2000));
      setTimeout(() => send(res, body, "image/svg+xml"), delay);
    },
  ],
  [
    "/experience/",
    (_req, res, path) => {
      const name = path.slice("/experience/".length);
      const body = bodies[name];
      if (!body) {
        res.statusCode = 404;
        return send(res, "<!doctype html><title>Not found</title>", "text/html");
      }
      send(res, page(`Page experience: ${name}`, body), "text/html; charset=utf-8");
    },
  ],
];

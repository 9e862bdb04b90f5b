// npm run bench:links: link checks per second on a local synthetic site, in process (as `pagegrade crawl` runs them):
// the pure plan (src/site/link-plan.ts), the runner (src/site/run-link-checks.ts) and the fetch layer's checkLink
// against local servers: one site on 127.0.0.1 and four other hosts on 127.0.0.2-5. Figures, not a test.
// Knobs: BENCH_LINKS (internal targets, 1000), BENCH_EXTERNAL (external targets per host, 50), BENCH_INTERVAL_MS (0).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { checkLink } from "../src/analysis/check-link";
import type { SitePage } from "../src/site/checks/types";
import { pause } from "../src/site/discovery/pause";
import { planLinkChecks } from "../src/site/link-plan";
import { runLinkChecks } from "../src/site/run-link-checks";

const LINKS = Number(process.env.BENCH_LINKS ?? 1000);
const EXTERNAL = Number(process.env.BENCH_EXTERNAL ?? 50);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 0);
const HOSTS = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"];

/** Every third target is missing (404), every tenth refuses HEAD (405, then GET), the rest answer 200 to HEAD. */
function serve(host: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const n = Number(/\d+/.exec(req.url ?? "")?.[0] ?? 0);
    if (n % 10 === 0 && req.method === "HEAD") res.statusCode = 405;
    else res.statusCode = n % 3 === 0 ? 404 : 200;
    res.setHeader("content-type", "application/pdf");
    res.end(req.method === "HEAD" ? undefined : "%PDF body that is never read");
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve) => server.listen(0, host, () => resolve({ origin: `http://${host}:${(server.address() as AddressInfo).port}`, server })));
}

const site = await serve("127.0.0.1");
const others = await Promise.all(HOSTS.map(serve));
const page: SitePage = {
  url: `${site.origin}/`,
  state: "audited",
  inSitemap: true,
  facts: {
    url: `${site.origin}/`,
    status: 200,
    redirects: 0,
    title: null,
    description: null,
    h1: null,
    canonical: null,
    noindex: false,
    hreflang: [],
    links: Array.from({ length: LINKS }, (_, i) => `${site.origin}/file-${i + 1}.pdf`),
    external: others.flatMap((other) => Array.from({ length: EXTERNAL }, (_, i) => `${other.origin}/out-${i + 1}`)),
  },
};
const options = { allowPrivateTargets: true, timeoutMs: 10_000 };

async function timed(kind: "internal" | "external") {
  const plan = planLinkChecks({ pages: [page] }, () => true, { limit: LINKS, perHost: EXTERNAL }).filter((link) => link.kind === kind);
  let last = Date.now();
  const t0 = performance.now();
  const answers = await runLinkChecks(plan, {
    check: (url) => checkLink(url, options),
    turn: async () => ((await pause(last, INTERVAL_MS)), true),
    turnEnded: async () => void (last = Date.now()),
  });
  const seconds = (performance.now() - t0) / 1000;
  const broken = [...answers.values()].filter((a) => a.status !== null && a.status >= 400).length;
  console.log(`${kind}: ${answers.size} link checks in ${seconds.toFixed(2)} s = ${(answers.size / seconds).toFixed(0)} checks/s (${broken} broken)`);
}

console.log(`node ${process.version}, interval ${INTERVAL_MS} ms`);
await timed("internal");
await timed("external");
site.server.close();
for (const other of others) other.server.close();

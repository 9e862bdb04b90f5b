import { describe, expect, it } from "vitest";
import { httpRequests } from "../../../src/analysis/checks/http-requests";
import { makePage } from "../../helpers/page";

const none = { scripts: 0, stylesheets: 0, images: 0, media: 0, iframes: 0 };

describe("http_requests check", () => {
  it("counts each kind of resource the page loads", () => {
    const html = `<html><head>
      <script src="/a.js"></script><script>inline()</script>
      <link rel="stylesheet" href="/a.css"><link rel="Preload Stylesheet" href="/b.css"><link rel="icon" href="/f.ico">
    </head><body>
      <img src="/1.png"><img srcset="/2.png 1x, /2@2x.png 2x"><img src="/3.png" loading="lazy"><img src="data:image/gif;base64,R0lGOD">
      <video src="/v.mp4"></video><audio><source src="/a.mp3"><source src="/a.ogg"></audio>
      <picture><source srcset="/p.webp" type="image/webp"><img src="/p.jpg"></picture>
      <iframe src="https://embed.example.net/x"></iframe><iframe src="/lazy" loading="lazy"></iframe>
      <noscript><img src="/tracker.gif"></noscript>
    </body></html>`;
    const v = httpRequests.run(makePage(html));
    expect(v).toEqual({
      passed: true,
      value: { count: 10, breakdown: { scripts: 1, stylesheets: 2, images: 3, media: 3, iframes: 1 } },
    });
  });

  it("counts a URL used twice once", () => {
    const v = httpRequests.run(makePage('<img src="/logo.png"><img src="https://example.com/logo.png">'));
    expect(v.value).toEqual({ count: 1, breakdown: { ...none, images: 1 } });
  });

  it("passes a page that loads nothing", () => {
    expect(httpRequests.run(makePage("<p>text</p>"))).toEqual({ passed: true, value: { count: 0, breakdown: none } });
  });

  it("fails more than 50 resources", () => {
    const html = Array.from({ length: 51 }, (_, i) => `<script src="/s${i}.js"></script>`).join("");
    const v = httpRequests.run(makePage(html));
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ count: 51, breakdown: { ...none, scripts: 51 } });
    expect(v.errors).toEqual({ too_many_requests: { count: 51, max: 50 } });
  });

  it("uses the configured limit", () => {
    const v = httpRequests.run(makePage('<img src="/a.png"><img src="/b.png">', { settings: { maxHttpRequests: 1 } }));
    expect(v.errors).toEqual({ too_many_requests: { count: 2, max: 1 } });
  });
});

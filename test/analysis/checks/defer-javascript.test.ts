import { describe, expect, it } from "vitest";
import { deferJavascript } from "../../../src/analysis/checks/defer-javascript";
import { makePage } from "../../helpers/page";

describe("defer_javascript check", () => {
  it("passes scripts with defer, async or type=module, ignoring inline scripts", () => {
    const html = '<script src="/a.js" defer></script><script src="/b.js" async></script><script type="module" src="/c.js"></script><script>inline()</script>';
    expect(deferJavascript.run(makePage(html))).toEqual({ passed: true, value: { scripts: 3, blocking: 0 } });
  });

  it("fails a render-blocking <script src>", () => {
    const v = deferJavascript.run(makePage('<script src="/a.js" defer></script><script src="/jquery.js"></script><script type="text/javascript" src="/b.js"></script>'));
    expect(v.passed).toBe(false);
    expect(v.value).toEqual({ scripts: 3, blocking: 2 });
    expect(v.errors).toEqual({ render_blocking: ["/jquery.js", "/b.js"] });
  });

  it("is not applicable without external scripts, data blocks included", () => {
    const v = deferJavascript.run(makePage('<script>x()</script><script type="text/template" src="/t.html"></script>'));
    expect(v).toEqual({ passed: true, value: "no external scripts", applicable: false });
  });
});
